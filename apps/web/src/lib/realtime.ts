import type { RealtimeServerMessage } from '@erp/domain/realtime/contracts';

/**
 * One WebSocket to /api/realtime shared by the whole app. Channels other than `auth` are subscribed
 * explicitly (and again after each reconnect); the server pushes `auth` events unasked.
 */
type Listener = (payload: unknown) => void;
type OpenListener = () => void;

const UNSOLICITED_CHANNELS = new Set(['auth']);
const MAX_BACKOFF_MS = 30_000;

export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt);
  // Jitter spreads reconnects of many tabs after a server restart.
  return Math.round(base / 2 + (random() * base) / 2);
}

export class RealtimeClient {
  private ws: WebSocket | null = null;
  private listeners = new Map<string, Set<Listener>>();
  private openListeners = new Set<OpenListener>();
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ws = this.ws;
    this.ws = null;
    ws?.close();
  }

  /** Listens to a channel; returns the function that stops listening. */
  subscribe(channel: string, listener: Listener): () => void {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      this.sendSubscribe(channel);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(channel);
    };
  }

  /** Called after every (re)connection, so callers can re-read state they may have missed. */
  onOpen(listener: OpenListener): () => void {
    this.openListeners.add(listener);
    return () => this.openListeners.delete(listener);
  }

  private connect(): void {
    const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${protocol}//${location.host}/api/realtime`);
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      for (const channel of this.listeners.keys()) this.sendSubscribe(channel);
      for (const l of this.openListeners) l();
    };
    ws.onmessage = (ev) => this.dispatch(ev.data);
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (!this.running) return;
    const delay = backoffDelay(this.attempt);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.running) this.connect();
    }, delay);
  }

  private sendSubscribe(channel: string): void {
    if (UNSOLICITED_CHANNELS.has(channel)) return;
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: 'subscribe', channel }));
  }

  private dispatch(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let msg: RealtimeServerMessage;
    try {
      msg = JSON.parse(raw) as RealtimeServerMessage;
    } catch {
      return;
    }
    if (msg.type !== 'event') return;
    for (const l of this.listeners.get(msg.channel) ?? []) l(msg.payload);
  }
}

export const realtime = new RealtimeClient();

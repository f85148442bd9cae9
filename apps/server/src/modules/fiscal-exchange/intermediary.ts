// The information intermediary (informacijski posrednik) that carries eRačuni between companies.
// One interface; the company picks an adapter in its settings. `http` speaks the small REST
// contract described in docs/fiscal-exchange.md (a company points it at its intermediary, or at
// a bridge in front of one); `demo` is the local stand-in for the demo company: it accepts every
// eRačun and reports it delivered, and has nothing incoming.

export type OutgoingStatus = { state: 'sent' | 'delivered' | 'refused'; detail: string | null };
export type IncomingRef = { ref: string; receivedAt: string | null };

export interface Intermediary {
  /** Hands over one eRačun (UBL bytes); the same `documentId` twice must not send it twice. */
  send(input: { documentId: string; number: string; xml: string }): Promise<{ ref: string }>;
  /** Where an eRačun sent earlier is now. */
  status(ref: string): Promise<OutgoingStatus>;
  /** eRačuni waiting for this company (not yet acknowledged). */
  incoming(): Promise<IncomingRef[]>;
  /** One incoming eRačun's bytes. */
  fetch(ref: string): Promise<string>;
  /** Says the incoming eRačun was taken; it is not listed again. */
  acknowledge(ref: string): Promise<void>;
}

export type IntermediaryConfig =
  | { kind: 'none' }
  | { kind: 'demo' }
  | { kind: 'http'; url: string; username: string | null; secret: string | null; timeoutMs?: number };

/** A failure talking to the intermediary: `retry` false when trying again cannot help (4xx). */
export class IntermediaryError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

function httpIntermediary(config: Extract<IntermediaryConfig, { kind: 'http' }>): Intermediary {
  const base = config.url.replace(/\/+$/, '');
  const auth = config.secret
    ? config.username
      ? `Basic ${Buffer.from(`${config.username}:${config.secret}`).toString('base64')}`
      : `Bearer ${config.secret}`
    : null;
  async function call(
    method: string,
    path: string,
    init: { body?: string; headers?: Record<string, string> } = {},
  ) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), config.timeoutMs ?? 15_000);
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        body: init.body,
        headers: { ...(auth ? { authorization: auth } : {}), ...init.headers },
        signal: controller.signal,
      });
      const text = await response.text();
      if (!response.ok) {
        const retry = response.status >= 500 || response.status === 429 || response.status === 408;
        throw new IntermediaryError(
          `${method} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`,
          retry,
        );
      }
      return text;
    } catch (error) {
      if (error instanceof IntermediaryError) throw error;
      throw new IntermediaryError(
        controller.signal.aborted
          ? `${method} ${path}: no answer in time`
          : `${method} ${path}: ${(error as Error).message}`,
        true,
      );
    } finally {
      clearTimeout(timer);
    }
  }
  const json = (text: string) => {
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new IntermediaryError('the intermediary answered something that is not JSON', true);
    }
  };
  return {
    async send({ documentId, number, xml }) {
      const answer = json(
        await call('POST', '/outgoing', {
          body: xml,
          headers: {
            'content-type': 'application/xml; charset=utf-8',
            'idempotency-key': documentId,
            'x-document-number': encodeURIComponent(number),
          },
        }),
      );
      if (typeof answer.id !== 'string') throw new IntermediaryError('the intermediary gave no id', true);
      return { ref: answer.id };
    },
    async status(ref) {
      const answer = json(await call('GET', `/outgoing/${encodeURIComponent(ref)}`));
      const state = answer.status;
      if (state !== 'sent' && state !== 'delivered' && state !== 'refused')
        throw new IntermediaryError(`unknown delivery status ${String(state)}`, true);
      return { state, detail: typeof answer.detail === 'string' ? answer.detail : null };
    },
    async incoming() {
      const list = JSON.parse(await call('GET', '/incoming')) as unknown;
      if (!Array.isArray(list)) throw new IntermediaryError('the incoming list is not a list', true);
      return list
        .filter((x): x is { id: string; received_at?: string } => typeof x?.id === 'string')
        .map((x) => ({ ref: x.id, receivedAt: x.received_at ?? null }));
    },
    fetch: (ref) => call('GET', `/incoming/${encodeURIComponent(ref)}`),
    async acknowledge(ref) {
      await call('POST', `/incoming/${encodeURIComponent(ref)}/ack`);
    },
  };
}

const demoIntermediary: Intermediary = {
  send: async ({ documentId }) => ({ ref: `demo-${documentId}` }),
  status: async () => ({ state: 'delivered', detail: null }),
  incoming: async () => [],
  fetch: async () => {
    throw new IntermediaryError('the demo intermediary has no incoming eRačuni', false);
  },
  acknowledge: async () => {},
};

/** The adapter for a company's settings, or null when it has none. */
export function intermediaryFor(config: IntermediaryConfig): Intermediary | null {
  if (config.kind === 'http') return httpIntermediary(config);
  if (config.kind === 'demo') return demoIntermediary;
  return null;
}

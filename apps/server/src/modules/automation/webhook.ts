import { createHmac, randomBytes } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { PermanentJobError } from '../../jobs/jobs.ts';

/** Header names of an outgoing webhook (documented in docs/automation.md). */
export const WEBHOOK_HEADERS = {
  signature: 'x-erp-signature',
  timestamp: 'x-erp-timestamp',
  event: 'x-erp-event',
  delivery: 'x-erp-delivery',
} as const;

export const WEBHOOK_TIMEOUT_MS = 10_000;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">` under the rule's secret. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

// Addresses a webhook may not reach unless allowed: loopback, private, link-local (cloud metadata),
// carrier-grade NAT, unique-local, multicast and unspecified ranges.
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** A mapped IPv4 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries. */
function plainAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function isPrivateAddress(address: string): boolean {
  const a = plainAddress(address);
  return blocked.check(a.address, a.family);
}

/** Hosts (names or addresses) that may be private anyway: `AUTOMATION_WEBHOOK_ALLOW_HOSTS=a,b`. */
export function allowedPrivateHosts(env: NodeJS.ProcessEnv = process.env): Set<string> {
  return new Set(
    (env.AUTOMATION_WEBHOOK_ALLOW_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * An address the server will not call (private, not http(s), credentials, invalid). Permanent:
 * retrying cannot change the answer, so the job fails at once instead of five times (issue 22).
 */
export class WebhookRefused extends PermanentJobError {}

/** Why a URL may not be called (before any network traffic), or null. */
export function urlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'only http and https';
  if (url.username || url.password) return 'credentials in the URL';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) && isPrivateAddress(host) && !allowedPrivateHosts().has(host))
    return `private address ${host}`;
  if (host === 'localhost' && !allowedPrivateHosts().has(host)) return 'private address localhost';
  return null;
}

/**
 * DNS lookup used for the connection itself, so the address checked is the address connected to
 * (a name that resolves to a private address, or re-resolves to one later, is refused).
 */
function guardedLookup(host: string) {
  const allowed = allowedPrivateHosts().has(host.toLowerCase());
  return (
    hostname: string,
    options: object,
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      const bad = list.find(
        (a) => isPrivateAddress(a.address) && !allowed && !allowedPrivateHosts().has(a.address),
      );
      if (bad) return callback(new WebhookRefused(`private address ${bad.address}`), []);
      if ((options as { all?: boolean }).all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(new Error('no address'), []);
      callback(null, first.address, first.family);
    });
  };
}

export type WebhookDelivery = {
  url: string;
  secret: string;
  event: string;
  deliveryId: string;
  payload: unknown;
  timeoutMs?: number;
  now?: () => number;
};

export type WebhookResponse = { status: number };

/** POSTs the signed JSON; resolves on a 2xx answer, rejects otherwise (the job retries). */
export function sendWebhook(d: WebhookDelivery): Promise<WebhookResponse> {
  const problem = urlProblem(d.url);
  if (problem) return Promise.reject(new WebhookRefused(problem));
  const url = new URL(d.url);
  const body = JSON.stringify(d.payload);
  const timestamp = Math.floor((d.now ?? Date.now)() / 1000);
  const client = url.protocol === 'https:' ? https : http;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        timeout: d.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
        lookup: guardedLookup(host) as unknown as typeof dnsLookup,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'erp-automation/1',
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signWebhook(d.secret, timestamp, body),
          [WEBHOOK_HEADERS.event]: d.event,
          [WEBHOOK_HEADERS.delivery]: d.deliveryId,
        },
      },
      (response) => {
        // Drain the answer (bounded) so the socket is released; its content is not used.
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve({ status });
          else reject(new Error(`webhook answered ${status}`));
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('webhook timed out')));
    request.on('error', reject);
    request.end(body);
  });
}

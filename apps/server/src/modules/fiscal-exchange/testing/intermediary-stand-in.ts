import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HR_EINVOICE_DIR } from '../../einvoice/validators.ts';

// Test double of an information intermediary speaking the HTTP contract of docs/fiscal-exchange.md
// (POST /outgoing, GET /outgoing/:id, GET /incoming, GET /incoming/:id, POST /incoming/:id/ack).
// It checks each request against the contract: the credentials, the content type, the
// Idempotency-Key, and that the body is a UBL Invoice or CreditNote valid under Porezna's UBL XSD.

export type StandInOutgoing = {
  id: string;
  documentId: string;
  xml: string;
  status: 'sent' | 'delivered' | 'refused';
  detail: string | null;
};

export type IntermediaryStandIn = {
  url: string;
  mode: 'ok' | 'error-first';
  /** Requests refused by the contract checks, with why. */
  refusals: string[];
  outgoing: Map<string, StandInOutgoing>;
  /** How many POST /outgoing arrived (repeats included). */
  posts: number;
  deliver(id: string): void;
  refuse(id: string, detail: string): void;
  /** Puts an eRačun in the company's inbox; returns its id. */
  push(xml: string): string;
  inbox: Map<string, { xml: string; acked: boolean; receivedAt: string }>;
  close(): Promise<void>;
};

function ublXsdErrors(xml: string): string[] {
  const root = /<(?:\w+:)?CreditNote[\s>]/.test(xml.slice(0, 2000)) ? 'CreditNote' : 'Invoice';
  const dir = mkdtempSync(join(tmpdir(), 'intermediary-'));
  try {
    const file = join(dir, 'doc.xml');
    writeFileSync(file, xml);
    const xsd = join(HR_EINVOICE_DIR, `UBL2.1_eRacun/ubl/maindoc/UBL-${root}-2.1.xsd`);
    const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', xsd, file], { encoding: 'utf8' });
    return run.status === 0 ? [] : [(run.stderr ?? '').split('\n')[0] ?? 'invalid'];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startIntermediaryStandIn(auth: {
  username: string;
  secret: string;
}): Promise<IntermediaryStandIn> {
  const byKey = new Map<string, string>();
  const failedOnce = new Set<string>();
  const expected = `Basic ${Buffer.from(`${auth.username}:${auth.secret}`).toString('base64')}`;
  const state: IntermediaryStandIn = {
    url: '',
    mode: 'ok',
    refusals: [],
    outgoing: new Map(),
    posts: 0,
    inbox: new Map(),
    deliver: (id) => {
      const o = state.outgoing.get(id);
      if (o) o.status = 'delivered';
    },
    refuse: (id, detail) => {
      const o = state.outgoing.get(id);
      if (o) Object.assign(o, { status: 'refused', detail });
    },
    push: (xml) => {
      const id = randomUUID();
      state.inbox.set(id, { xml, acked: false, receivedAt: new Date().toISOString() });
      return id;
    },
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const refuse = (status: number, why: string) => {
        state.refusals.push(why);
        json(status, { error: why });
      };
      if (req.headers.authorization !== expected) return refuse(401, 'wrong credentials');
      const path = (req.url ?? '').replace(/^\/api/, '');
      const outgoing = /^\/outgoing\/([^/]+)$/.exec(path);
      const incoming = /^\/incoming\/([^/]+)(\/ack)?$/.exec(path);
      if (req.method === 'POST' && path === '/outgoing') {
        state.posts++;
        const key = String(req.headers['idempotency-key'] ?? '');
        if (!key) return refuse(400, 'no Idempotency-Key');
        if (!String(req.headers['content-type'] ?? '').startsWith('application/xml'))
          return refuse(415, 'not application/xml');
        const errors = ublXsdErrors(body);
        if (errors.length > 0) return refuse(422, `not a valid UBL document: ${errors[0]}`);
        if (state.mode === 'error-first' && !failedOnce.has(key)) {
          failedOnce.add(key);
          return json(503, { error: 'try again later' });
        }
        const known = byKey.get(key);
        if (known) return json(200, { id: known, status: state.outgoing.get(known)?.status });
        const id = randomUUID();
        byKey.set(key, id);
        state.outgoing.set(id, { id, documentId: key, xml: body, status: 'sent', detail: null });
        return json(201, { id, status: 'sent' });
      }
      if (req.method === 'GET' && outgoing) {
        const o = state.outgoing.get(decodeURIComponent(outgoing[1] as string));
        return o
          ? json(200, { id: o.id, status: o.status, detail: o.detail })
          : refuse(404, 'unknown outgoing id');
      }
      if (req.method === 'GET' && path === '/incoming')
        return json(
          200,
          [...state.inbox.entries()]
            .filter(([, v]) => !v.acked)
            .map(([id, v]) => ({ id, received_at: v.receivedAt })),
        );
      if (incoming) {
        const item = state.inbox.get(decodeURIComponent(incoming[1] as string));
        if (!item) return refuse(404, 'unknown incoming id');
        if (req.method === 'POST' && incoming[2]) {
          item.acked = true;
          res.writeHead(204);
          return res.end();
        }
        if (req.method === 'GET' && !incoming[2]) {
          res.writeHead(200, { 'content-type': 'application/xml' });
          return res.end(item.xml);
        }
      }
      refuse(404, `no such route ${req.method} ${path}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

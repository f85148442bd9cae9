import { businessDay } from '@erp/domain';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { asPlatformFor } from '../../db/tenant.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, type Json } from '../documents/test-helpers.ts';
import { exportPdfZip } from './export.service.ts';

// The queue is driven by hand (runDueJobs), so each test sees its job run to the end.
process.env.JOBS = 'off';

// A document whose id is in `failOn` cannot be rendered (a forced failure in the middle of a job);
// `slow.ms` makes every rendering take that long (inside its transaction).
const { failOn, slow } = vi.hoisted(() => ({ failOn: new Set<string>(), slow: { ms: 0 } }));
vi.mock('../documents/documents.pdf.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../documents/documents.pdf.ts')>();
  return {
    ...real,
    renderPdf: async (...args: Parameters<typeof real.renderPdf>) => {
      if (failOn.has(args[2][0] as string)) throw new Error('forced render failure');
      if (slow.ms) await new Promise((r) => setTimeout(r, slow.ms));
      return real.renderPdf(...args);
    },
  };
});

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let api: ReturnType<typeof documentsClient>;
let otherApi: ReturnType<typeof documentsClient>;
const year = new Date().getFullYear();
const numbers = [1, 2, 3].map((n) => `P-${year}-000${n}`);
const quoteIds: string[] = [];

const quote = async (as: ReturnType<typeof documentsClient>, description: string) =>
  (
    await as.ok('POST', '/api/documents/quotes', {
      lines: [{ description, quantity: '1', unit_price: '10' }],
    })
  ).document as Json;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app, 'Ana Horvat');
  other = await signUp(t.app, 'Strani Korisnik');
  api = documentsClient(t.app, owner);
  otherApi = documentsClient(t.app, other);
  for (const n of [1, 2, 3]) quoteIds.push((await quote(api, `Staklo stavka ${n}`)).id);
  await quote(otherApi, 'Tajna stavka druge tvrtke');
}, 120_000);
afterAll(async () => t?.close());

async function zipEntries(fileId: string, as: SignedIn): Promise<Map<string, string>> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/export/files/${fileId}`,
    headers: { cookie: as.cookie },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  // Our own zip writer: jszip reads it back and checks every entry's CRC-32.
  const zip = await JSZip.loadAsync(res.rawPayload, { checkCRC32: true });
  const texts = new Map<string, string>();
  for (const [name, entry] of Object.entries(zip.files)) {
    if (entry.dir) continue;
    const pdf = await entry.async('uint8array');
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    texts.set(name, text.replace(/\s+/g, ' '));
  }
  return texts;
}

const filesOfJob = async (companyId: string, jobId: string) =>
  asPlatformFor(t.deps.db, { userId: companyId, companyId }, async (tx) =>
    Number(
      rowsOf<{ n: string }>(
        await tx.execute(
          sql`select count(*)::text as n from export_files where company_id = ${companyId} and job_id = ${jobId}`,
        ),
      )[0]?.n,
    ),
  );

describe('bulk PDF export job', () => {
  it('renders each document into the zip, counts 3 of 3, and shows no other company’s documents', async () => {
    const start = await api.call('POST', '/api/export/jobs', { type: 'pdf', kinds: ['quote'] });
    expect(start.status).toBe(202);
    // The request only queued the job.
    const queued = await api.ok('GET', `/api/export/jobs/${start.body.id}`);
    expect(queued).toMatchObject({ status: 'queued', progress_done: null, file: null });

    expect(await runDueJobs({ db: t.deps.db })).toBe(1);
    const done = await api.ok('GET', `/api/export/jobs/${start.body.id}`);
    expect(done).toMatchObject({ status: 'done', progress: '1.0000', progress_done: 3, progress_total: 3 });
    const texts = await zipEntries(done.file.id, owner);
    expect([...texts.keys()].sort()).toEqual(numbers.map((n) => `quote/${n}.pdf`));
    for (const [i, n] of numbers.entries()) {
      const text = texts.get(`quote/${n}.pdf`) ?? '';
      expect(text).toContain(n);
      expect(text).toContain(`Staklo stavka ${i + 1}`);
      expect(text).not.toContain('Tajna stavka');
    }

    // The other company's job holds its one quote and none of the first company's.
    const theirs = await otherApi.call('POST', '/api/export/jobs', { type: 'pdf', kinds: ['quote'] });
    await runDueJobs({ db: t.deps.db });
    const theirDone = await otherApi.ok('GET', `/api/export/jobs/${theirs.body.id}`);
    expect(theirDone).toMatchObject({ status: 'done', progress_done: 1, progress_total: 1 });
    const theirTexts = [...(await zipEntries(theirDone.file.id, other)).entries()];
    expect(theirTexts).toHaveLength(1);
    expect(theirTexts[0]?.[0]).toBe(`quote/P-${year}-0001.pdf`);
    expect(theirTexts[0]?.[1]).toContain('Tajna stavka druge tvrtke');
    expect(theirTexts[0]?.[1]).not.toContain('Staklo stavka');
    // Neither sees the other's job or file.
    expect((await otherApi.call('GET', `/api/export/jobs/${start.body.id}`)).status).toBe(404);
    expect((await otherApi.call('GET', `/api/export/files/${done.file.id}`)).status).toBe(404);
  });

  it('reports every document as it is done', async () => {
    const seen: string[] = [];
    const file = await exportPdfZip(
      t.deps.db,
      { userId: owner.id, companyId: owner.id },
      ['quote'],
      (d, n) => {
        seen.push(`${d}/${n}`);
      },
    );
    expect(seen).toEqual(['0/3', '1/3', '2/3', '3/3']);
    expect(file.data.subarray(0, 2).toString()).toBe('PK');
  });

  it('while the job runs, the status shows documents done in steps (each document is its own transaction)', async () => {
    slow.ms = 300;
    try {
      const start = await api.call('POST', '/api/export/jobs', { type: 'pdf', kinds: ['quote'] });
      const running = runDueJobs({ db: t.deps.db });
      const seen: string[] = [];
      for (;;) {
        const s = await api.ok('GET', `/api/export/jobs/${start.body.id}`);
        seen.push(`${s.status}:${s.progress_done}`);
        if (s.status === 'done' || s.status === 'failed') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await running).toBe(1);
      // On PGlite's single connection too, a poll gets through between two documents.
      expect(seen.some((x) => x === 'running:1' || x === 'running:2')).toBe(true);
      expect(seen.at(-1)).toBe('done:3');
    } finally {
      slow.ms = 0;
    }
  });

  it('a document that cannot be rendered fails the job with an error and leaves no file', async () => {
    failOn.add(quoteIds[1] as string);
    const filesBefore = (await api.ok('GET', '/api/export/files')).length;
    try {
      const start = await api.call('POST', '/api/export/jobs', { type: 'pdf', kinds: ['quote'] });
      expect(start.status).toBe(202);
      // Both attempts (export jobs get two) fail at the second document.
      expect(await runDueJobs({ db: t.deps.db }, { retryDelayMs: () => 0 })).toBe(2);
      const failed = await api.ok('GET', `/api/export/jobs/${start.body.id}`);
      expect(failed).toMatchObject({ status: 'failed', file: null, progress_total: 3 });
      expect(failed.error).toContain('forced render failure');
      expect(await filesOfJob(owner.id, start.body.id)).toBe(0);
      expect(await api.ok('GET', '/api/export/files')).toHaveLength(filesBefore);
    } finally {
      failOn.clear();
    }
  });

  it('in the user language the zip and its folders are named in words, in ASCII (issue 22)', async () => {
    const day = businessDay();
    for (const [lang, folder, name] of [
      ['hr', 'ponude', 'dokumenti-pdf'],
      ['de', 'angebote', 'dokumente-pdf'],
    ] as const) {
      const start = await api.call('POST', '/api/export/jobs', { type: 'pdf', kinds: ['quote'], lang });
      expect(start.status).toBe(202);
      await runDueJobs({ db: t.deps.db });
      const done = await api.ok('GET', `/api/export/jobs/${start.body.id}`);
      expect(done.file.filename).toBe(`${name}-${day}.zip`);
      const texts = await zipEntries(done.file.id, owner);
      expect([...texts.keys()].sort()).toEqual(numbers.map((n) => `${folder}/${n}.pdf`));
    }
    // The archive too; its content keeps the codes (export-codes.test.ts).
    const archive = await api.call('POST', '/api/export/jobs', { type: 'archive', lang: 'en' });
    expect(archive.status).toBe(202);
    await runDueJobs({ db: t.deps.db });
    const stored = await api.ok('GET', `/api/export/jobs/${archive.body.id}`);
    expect(stored.file.filename).toBe(`company-archive-${day}.json`);
    expect(
      (await api.call('POST', '/api/export/jobs', { type: 'pdf', kinds: ['quote'], lang: 'xx' })).status,
    ).toBe(400);
  });

  it('an unknown document kind is refused at once', async () => {
    const r = await api.call('POST', '/api/export/jobs', { type: 'pdf', kinds: ['secret'] });
    expect(r.status).toBe(400);
  });
});

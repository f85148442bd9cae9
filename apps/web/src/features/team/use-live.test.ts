import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { MyCompany } from '@erp/domain/team/index';
import { describe, expect, it } from 'vitest';
import { SRC_DIR, sourceFiles } from '../../i18n-tests/source-scan.ts';
import { chooseCompany } from './company-choice.ts';
import { companyChannel, followCompany } from './use-live.ts';

/** A realtime client that delivers what the test publishes to the channels followed. */
function fakeRealtime() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const opens = new Set<() => void>();
  return {
    subscribe(channel: string, listener: (payload: unknown) => void) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    onOpen(listener: () => void) {
      opens.add(listener);
      return () => opens.delete(listener);
    },
    publish(channel: string) {
      for (const l of listeners.get(channel) ?? []) l({ id: 'x' });
    },
    reconnect() {
      for (const l of opens) l();
    },
    followed: () => [...listeners].filter(([, s]) => s.size > 0).map(([c]) => c),
  };
}

const company = (id: string, name: string, isOwn: boolean): MyCompany => ({
  company_id: id,
  company_name: name,
  role: isOwn ? 'owner' : 'planner',
  status: 'active',
  is_own: isOwn,
});

describe('useCompanyLive', () => {
  const userId = 'user-1';
  const other = 'company-b';
  const companies = [company(userId, 'Own', true), company(other, 'Staklo d.o.o.', false)];

  it("a member working in another company gets that company's updates, not their own", () => {
    const working = chooseCompany(other, companies, userId);
    expect(working).toBe(other);
    const rt = fakeRealtime();
    let refreshed = 0;
    const stop = followCompany(rt, working, ['documents', 'stock'], () => refreshed++);
    expect(rt.followed().sort()).toEqual(['company:company-b:documents', 'company:company-b:stock']);

    rt.publish(`company:${userId}:documents`); // the old bug's channel: nothing arrives there
    expect(refreshed).toBe(0);
    rt.publish(companyChannel(other, 'documents'));
    rt.publish(companyChannel(other, 'stock'));
    expect(refreshed).toBe(2);
    rt.reconnect(); // a reconnect re-reads what may have been missed
    expect(refreshed).toBe(3);

    stop();
    rt.publish(companyChannel(other, 'documents'));
    rt.reconnect();
    expect(refreshed).toBe(3);
    expect(rt.followed()).toEqual([]);
  });

  it('switching back to the own company follows the own channels', () => {
    const rt = fakeRealtime();
    let refreshed = 0;
    followCompany(rt, chooseCompany(null, companies, userId), ['partners'], () => refreshed++);
    rt.publish(companyChannel(other, 'partners'));
    expect(refreshed).toBe(0);
    rt.publish(companyChannel(userId, 'partners'));
    expect(refreshed).toBe(1);
  });
});

// Company channels are named only by companyChannel, and screens follow them through
// useCompanyLive (which reads the company chosen in the switcher). A channel built by hand (the
// user's id was the bug: a member of another company got no live updates there) fails here.
describe('live updates', () => {
  const files = sourceFiles().map((f) => ({ path: relative(SRC_DIR, f), text: readFileSync(f, 'utf8') }));

  it('no company channel is written by hand', () => {
    const byHand = files
      .filter((f) => f.path !== 'features/team/use-live.ts')
      .filter((f) => /`company:\$\{/.test(f.text))
      .map((f) => f.path);
    expect(byHand).toEqual([]);
  });

  it('area hooks use useCompanyLive instead of subscribing themselves', () => {
    const apiFiles = files.filter((f) => /-api\.ts$/.test(f.path));
    expect(apiFiles.filter((f) => f.text.includes('realtime.subscribe(')).map((f) => f.path)).toEqual([]);
    expect(apiFiles.filter((f) => /\buseCompanyLive\(/.test(f.text)).length).toBeGreaterThanOrEqual(8);
  });
});

import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.ts';

describe('contentDisposition', () => {
  it('gives an ASCII fallback without the marks and the UTF-8 name per RFC 5987', () => {
    expect(contentDisposition('inline', 'Račun-17-POS1-1.pdf')).toBe(
      `inline; filename="Racun-17-POS1-1.pdf"; filename*=UTF-8''Ra%C4%8Dun-17-POS1-1.pdf`,
    );
    expect(contentDisposition('attachment', 'Otpremnica đ Ž (1).pdf')).toBe(
      `attachment; filename="Otpremnica_d_Z_1_.pdf"; filename*=UTF-8''Otpremnica%20%C4%91%20%C5%BD%20%281%29.pdf`,
    );
  });

  it('the UTF-8 name decodes back to the original', () => {
    const name = 'Radni nalog-RN-2026-7 čćžšđ.pdf';
    const header = contentDisposition('inline', name);
    expect(decodeURIComponent(header.split("UTF-8''")[1] as string)).toBe(name);
    expect(header).not.toMatch(/filename="[^"]*[^\x20-\x7e]/);
  });
});

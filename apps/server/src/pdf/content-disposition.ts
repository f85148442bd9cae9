/**
 * A Content-Disposition header that keeps a Croatian file name: `filename=` carries an ASCII
 * fallback (letters without their marks, "Račun" → "Racun", đ → d; anything else outside
 * [A-Za-z0-9._-] → "_") for old clients, and `filename*=` (RFC 6266 / RFC 5987) the name itself
 * in UTF-8, which browsers prefer.
 */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const ascii = filename
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^\w.-]+/g, '_');
  // encodeURIComponent leaves ' ( ) * ! as they are; RFC 5987's attr-char does not allow them.
  const utf8 = encodeURIComponent(filename).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

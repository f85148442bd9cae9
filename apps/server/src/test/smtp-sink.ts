import { createServer, type Server, type Socket } from 'node:net';

// A real SMTP server on localhost for tests (RFC 5321, the part a client needs to deliver one
// message): it accepts every message and keeps the envelope and the raw data. `parseMime` reads
// the multipart message nodemailer writes back into headers, text and attachments.

export type ReceivedMail = { from: string; to: string[]; data: string };
export type SmtpSink = { port: number; received: ReceivedMail[]; close(): Promise<void> };

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('latin1');
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost test sink');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          // Remove the dot-stuffing (RFC 5321 4.5.2) of lines that began with a dot.
          mail.data = buffer.slice(0, end + 2).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(mail);
          mail = { from: '', to: [], data: '' };
          reply(`250 OK queued as sink-${received.length}`);
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-localhost\r\n250-8BITMIME\r\n250 SMTPUTF8');
        else if (verb === 'HELO') reply('250 localhost');
        else if (verb === 'MAIL') {
          mail.from = /<(.*)>/.exec(line)?.[1] ?? '';
          reply('250 OK');
        } else if (verb === 'RCPT') {
          mail.to.push(/<(.*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          mail = { from: '', to: [], data: '' };
          reply('250 OK');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
          return;
        } else reply('250 OK');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export type MimePart = { headers: Map<string, string>; body: string };

function splitHeaders(raw: string): MimePart {
  const at = raw.indexOf('\r\n\r\n');
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=) in a header value. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function decodeBody(part: MimePart): Buffer {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable')
    return Buffer.from(
      part.body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    );
  return Buffer.from(part.body, 'latin1');
}

/** A Content-Disposition filename: plain, RFC 2047 encoded, or RFC 2231 (`filename*0*=utf-8''...`). */
function filenameOf(disposition: string): string {
  const pieces = [...disposition.matchAll(/filename\*(\d+)?(\*)?="?([^";]*)"?/gi)];
  if (pieces.length > 0)
    return decodeURIComponent(
      pieces
        .map((p) => p[3] ?? '')
        .join('')
        .replace(/^utf-8''/i, ''),
    );
  return decodeHeader(/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '');
}

export type ParsedMail = {
  headers: Map<string, string>;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

/** The message's headers, its text part and its attachments' bytes (multipart/mixed, one level). */
export function parseMime(data: string): ParsedMail {
  const top = splitHeaders(data);
  const type = top.headers.get('content-type') ?? 'text/plain';
  const parts: MimePart[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    const sections = top.body.split(`--${boundary}`);
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      parts.push(splitHeaders(section.replace(/^\r\n/, '').replace(/\r\n$/, '')));
    }
  } else parts.push(top);
  let text = '';
  const attachments: ParsedMail['attachments'] = [];
  for (const part of parts) {
    const disposition = part.headers.get('content-disposition') ?? '';
    const contentType = (part.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (disposition.startsWith('attachment')) {
      const filename = filenameOf(disposition);
      attachments.push({ filename, contentType, content: decodeBody(part) });
    } else if (contentType === 'text/plain') text = decodeBody(part).toString('utf8');
  }
  return { headers: top.headers, subject: decodeHeader(top.headers.get('subject') ?? ''), text, attachments };
}

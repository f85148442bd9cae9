import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { mailerFor } from './team.mailer.ts';
import { as } from './team.test-support.ts';

/** The smallest SMTP server that accepts one conversation at a time and keeps each message's data. */
function fakeSmtp(): Promise<{
  server: Server;
  port: number;
  messages: { from: string; to: string[]; data: string }[];
}> {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as { port: number }).port, messages }),
    ),
  );
}

describe('invitation mail over SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  beforeAll(async () => {
    smtp = await fakeSmtp();
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
    smtp.server.close();
  });

  it('is not configured without SMTP_URL', () => {
    expect(mailerFor(t.deps, {})).toBeNull();
  });

  it('sends the invitation link through the SMTP server of SMTP_URL', async () => {
    const previous = process.env.SMTP_URL;
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    try {
      const owner = await signUp(t.app, 'Mail Vlasnik');
      const res = await as(t.app, owner, {
        method: 'POST',
        url: '/api/team/invitations',
        payload: { email: 'kolega@example.hr', role: 'viewer' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().emailed).toBe(true);
      expect(smtp.messages).toHaveLength(1);
      const [message] = smtp.messages;
      expect(message?.to).toEqual(['RCPT TO:<kolega@example.hr>']);
      expect(message?.from).toBe('MAIL FROM:<no-reply@localhost>');
      // The body is quoted-printable: undo soft line breaks before looking for the link.
      const body = (message?.data ?? '').replace(/=\r\n/g, '').replace(/=3D/g, '=');
      expect(body).toContain(res.json().link);
      expect(body).toContain('Mail Vlasnik vas poziva');
    } finally {
      if (previous === undefined) delete process.env.SMTP_URL;
      else process.env.SMTP_URL = previous;
    }
  });
});

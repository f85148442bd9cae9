/**
 * Test helper: a self-signed RSA certificate and its PKCS#12 bundle made with the `openssl` CLI
 * (independent of the code under test). Used by the certificate, XML-signature and fiscalisation
 * tests.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type TestCertificate = {
  dir: string;
  p12: Buffer;
  password: string;
  keyPath: string;
  certPath: string;
  keyPem: string;
  certPem: string;
};

/**
 * `oib` goes into organizationIdentifier as `VATHR-<oib>` (as FINA's application certificates
 * carry it); `days: -1` makes one that expired yesterday; `withKey: false` leaves the key out.
 */
export function makeTestCertificate(
  opts: { oib?: string; password?: string; days?: number; withKey?: boolean; cn?: string } = {},
): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'erp-cert-'));
  const password = opts.password ?? 'test-lozinka';
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  const csrPath = join(dir, 'req.csr');
  const p12Path = join(dir, 'bundle.p12');
  const subject = `/C=HR/O=Test d.o.o.${opts.oib ? `/organizationIdentifier=VATHR-${opts.oib}` : ''}/CN=${opts.cn ?? 'fiskal 1'}`;
  const run = (args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  run(['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', keyPath]);
  run(['req', '-new', '-key', keyPath, '-subj', subject, '-out', csrPath]);
  // A serial of FINA's size (openssl's default, 20 random bytes, is more than libxml2's xs:integer takes).
  const serial = String(1_000_000_000 + Math.floor(Math.random() * 1_000_000_000));
  const days = String(opts.days ?? 365);
  run([
    'x509',
    '-req',
    '-in',
    csrPath,
    '-signkey',
    keyPath,
    '-days',
    days,
    '-set_serial',
    serial,
    '-out',
    certPath,
  ]);
  const exportArgs = ['pkcs12', '-export', '-in', certPath, '-passout', `pass:${password}`, '-out', p12Path];
  if (opts.withKey === false) exportArgs.push('-nokeys');
  else exportArgs.push('-inkey', keyPath);
  run(exportArgs);
  writeFileSync(join(dir, 'password.txt'), password);
  return {
    dir,
    p12: readFileSync(p12Path),
    password,
    keyPath,
    certPath,
    keyPem: readFileSync(keyPath, 'utf8'),
    certPem: readFileSync(certPath, 'utf8'),
  };
}

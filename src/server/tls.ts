// HTTPS for a phone on the network: a browser lets a page use the camera only in a secure context
// (https, or this computer's own localhost), so `/capture` on a phone needs the server over TLS.
// The organiser's own certificate where given; else one signed by itself, made once and kept
// beside the event log, naming this machine's addresses (the phone warns once; accept it).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { networkInterfaces, hostname } from 'node:os';
import { join } from 'node:path';
import { InputError } from '../errors.js';

export interface Tls {
  readonly key: string;
  readonly cert: string;
  /** Where it came from, in words. */
  readonly source: string;
}

/** This machine's names and addresses, for the certificate's subject alternative names. */
function ownNames(): { dns: string[]; ips: string[] } {
  const ips = Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((a) => a.address));
  return { dns: [...new Set(['localhost', hostname()])], ips: [...new Set(['127.0.0.1', '::1', ...ips])] };
}

/** The given certificate and key, or this machine's own self-signed pair in `dir` (made on first use). */
export async function serverTls(dir: string, given: { cert?: string; key?: string }): Promise<Tls> {
  if (given.cert || given.key) {
    if (!given.cert || !given.key) throw new InputError('--cert and --key come together (a certificate and its private key, PEM)');
    const read = (flag: string, path: string): string => {
      try {
        return readFileSync(path, 'utf8');
      } catch (error) {
        throw new InputError(`--${flag} ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
      }
    };
    return { cert: read('cert', given.cert), key: read('key', given.key), source: given.cert };
  }
  const certPath = join(dir, 'self-signed-cert.pem');
  const keyPath = join(dir, 'self-signed-key.pem');
  if (existsSync(certPath) && existsSync(keyPath)) return { cert: readFileSync(certPath, 'utf8'), key: readFileSync(keyPath, 'utf8'), source: `${certPath} (self-signed)` };
  const { generate } = await import('selfsigned');
  const { dns, ips } = ownNames();
  const pems = await generate([{ name: 'commonName', value: 'seqref' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 2 * 365 * 24 * 3600 * 1000),
    extensions: [{ name: 'subjectAltName', altNames: [...dns.map((value) => ({ type: 2 as const, value })), ...ips.map((ip) => ({ type: 7 as const, ip }))] }],
  });
  mkdirSync(dir, { recursive: true });
  writeFileSync(certPath, pems.cert);
  writeFileSync(keyPath, pems.private, { mode: 0o600 });
  return { cert: pems.cert, key: pems.private, source: `${certPath} (self-signed, made now)` };
}

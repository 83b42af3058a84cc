import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/*
 * The SSRF rule of webhooks (docs/webhooks.md): an endpoint's host must resolve only to public addresses. Checked
 * at registration and again at each delivery (DNS may change), and the delivery connects to the address checked,
 * never resolving the name a second time (DNS rebinding).
 */

type Range = readonly [base: bigint, bits: number];

const v4 = (address: string): bigint => address.split('.').reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);

/** The 128-bit value of an IPv6 address (`::`, an embedded dotted IPv4 tail and zone ids included). */
function v6(address: string): bigint {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g || '0', 16)), 0n);
}

const within = (value: bigint, width: number, [base, bits]: Range) =>
  value >> BigInt(width - bits) === base >> BigInt(width - bits);

const V4_BLOCKED: Range[] = [
  [v4('0.0.0.0'), 8], // "this network", unspecified
  [v4('10.0.0.0'), 8], // private
  [v4('100.64.0.0'), 10], // carrier-grade NAT
  [v4('127.0.0.0'), 8], // loopback
  [v4('169.254.0.0'), 16], // link-local (cloud metadata)
  [v4('172.16.0.0'), 12], // private
  [v4('192.0.0.0'), 24], // IETF protocol assignments
  [v4('192.0.2.0'), 24], // documentation
  [v4('192.168.0.0'), 16], // private
  [v4('198.18.0.0'), 15], // benchmarking
  [v4('198.51.100.0'), 24], // documentation
  [v4('203.0.113.0'), 24], // documentation
  [v4('224.0.0.0'), 4], // multicast
  [v4('240.0.0.0'), 4], // reserved, broadcast
];

const V6_BLOCKED: Range[] = [
  [v6('::'), 96], // unspecified, loopback, IPv4-compatible (deprecated)
  [v6('100::'), 64], // discard
  [v6('2001:db8::'), 32], // documentation
  [v6('fc00::'), 7], // unique local
  [v6('fe80::'), 10], // link-local
  [v6('fec0::'), 10], // site-local (deprecated)
  [v6('ff00::'), 8], // multicast
];

/** Prefixes that carry an IPv4 address in their last 32 bits: the IPv4 address decides. */
const V6_EMBEDDING_V4: Range[] = [
  [v6('::ffff:0:0'), 96], // IPv4-mapped
  [v6('64:ff9b::'), 96], // NAT64
];

/**
 * Whether an IP address is public: not private, loopback, link-local, unique-local, CGNAT, multicast, unspecified,
 * reserved or for documentation, in IPv4 or IPv6 (IPv4-mapped, NAT64 and 6to4 addresses judged by their IPv4).
 * Anything that is not an IP address is not public.
 */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address.split('%')[0]!);
  if (version === 4) {
    const n = v4(address);
    return !V4_BLOCKED.some((r) => within(n, 32, r));
  }
  if (version !== 6) return false;
  const n = v6(address);
  if (V6_EMBEDDING_V4.some((r) => within(n, 128, r))) return isPublicAddress(dottedOf(n & 0xffffffffn));
  // 6to4: 2002:AABB:CCDD::/48 carries AA.BB.CC.DD.
  if (within(n, 128, [v6('2002::'), 16]) && !isPublicAddress(dottedOf((n >> 80n) & 0xffffffffn))) return false;
  return !V6_BLOCKED.some((r) => within(n, 128, r));
}

const dottedOf = (n: bigint) => [24n, 16n, 8n, 0n].map((s) => String((n >> s) & 0xffn)).join('.');

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** Refused: the URL's host is not public (and private addresses are not allowed). */
export class UnsafeAddress extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(
      host === address
        ? `${host} is a private, loopback, link-local or reserved address`
        : `${host} resolves to ${address}, a private, loopback, link-local or reserved address`,
    );
  }
}

export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family as 4 | 6 }));

/**
 * Resolves the host of a URL (every address) and answers the one to connect to; throws `UnsafeAddress` when any of
 * them is not public, unless private addresses are allowed (WEBHOOK_ALLOW_PRIVATE=1). DNS failures are thrown as is.
 */
export async function resolvePublic(
  url: URL,
  allowPrivate: boolean,
  resolve: Resolver = systemResolver,
): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host);
  const addresses = literal ? [{ address: host, family: literal as 4 | 6 }] : await resolve(host);
  if (!addresses.length) throw new Error(`${host} has no address`);
  if (!allowPrivate) {
    const unsafe = addresses.find((a) => !isPublicAddress(a.address));
    if (unsafe) throw new UnsafeAddress(host, unsafe.address);
  }
  return addresses[0]!;
}

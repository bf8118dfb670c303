/**
 * An https agent that connects to public addresses only: the host of a push endpoint is resolved
 * as usual, and an address in a loopback, private, shared, link-local, multicast or reserved
 * range is refused before any connection is made (`docs/api.md`, Push). A check at connect time
 * holds whatever the endpoint's spelling and whatever its name resolves to later (DNS rebinding).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { Agent } from "node:https";
import { BlockList, isIP } from "node:net";

/** The ranges no push is ever sent to. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 127],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** IPv4-mapped IPv6 addresses, written in hex (kept apart: a BlockList matches IPv4 addresses against this range too). */
const MAPPED = new BlockList();
MAPPED.addSubnet("::ffff:0:0", 96, "ipv6");

/** Whether `address` (IPv4 or IPv6 text) is one a push may be sent to. */
export function isPublicAddress(address: string): boolean {
  // An IPv4-mapped IPv6 address is its IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6 && MAPPED.check(address, "ipv6")) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** `dns.lookup` that fails with EADDRNOTAVAIL-like `ENOTPUBLIC` for a name resolving to any address that is not public. */
function publicLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      const failure: NodeJS.ErrnoException = new Error(`push: ${hostname} resolves to an address that is not public`);
      failure.code = "ENOTPUBLIC";
      return callback(failure, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}

/** A keep-alive https agent whose connections reach public addresses only. */
export function publicOnlyAgent(): Agent {
  return new Agent({ keepAlive: true, lookup: publicLookup as never });
}

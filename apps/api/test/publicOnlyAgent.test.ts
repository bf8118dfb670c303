/**
 * The push sender's agent reaches public addresses only: a push endpoint whose host resolves to
 * a loopback, private, link-local or multicast address gets no connection at all.
 */
import { get } from "node:https";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { isPublicAddress, publicOnlyAgent } from "../src/push/publicOnlyAgent";

describe("the push sender's agent", () => {
  it("tells public addresses from loopback, private, shared, link-local, multicast and mapped ones", () => {
    for (const address of ["142.250.74.10", "2a00:1450:4007:80e::200a", "8.8.8.8"]) expect(isPublicAddress(address), address).toBe(true);
    for (const address of ["127.0.0.5", "10.1.2.3", "172.20.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "::1", "::", "fd00::1", "fe80::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:7f00:1", "not an address"]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("opens no connection to a host that resolves to this machine", async () => {
    let connections = 0;
    const server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const failure = await new Promise<NodeJS.ErrnoException>((resolve, reject) => {
        const request = get(`https://localhost:${port}/push`, { agent: publicOnlyAgent() }, () => reject(new Error("answered")));
        request.on("error", resolve);
      });
      expect(failure.code).toBe("ENOTPUBLIC");
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

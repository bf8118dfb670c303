/** The part of `http_ece` (Encrypted Content-Encoding, RFC 8188) the push tests use to read a push as a browser would. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  export interface DecryptParams {
    version: "aes128gcm";
    /** The receiver's (browser's) key pair; the sender's public key is read from the record header. */
    privateKey: ECDH;
    /** The subscription's 16-byte auth secret. */
    authSecret: Buffer;
  }

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}

/**
 * Reads an HTTP response body with a size cap, undoing Content-Encoding (gzip, x-gzip, deflate,
 * br, zstd when Node has it). Used by the SSRF guard: undici `request` does not decompress.
 */
import { type Readable, Transform, pipeline } from "node:stream";
import zlib from "node:zlib";

/** Outcome of {@link readBody}: the decoded bytes and whether the cap (or a broken stream) cut them short. */
export interface ReadBodyResult {
  body: Buffer;
  truncated: boolean;
}

/** Content codings this reader can undo, for the Accept-Encoding request header. */
export const SUPPORTED_ENCODINGS: string[] = ["gzip", "deflate", "br", ...("createZstdDecompress" in zlib ? ["zstd"] : [])];

/** True when a chunk starts with a zlib (RFC 1950) header rather than raw deflate data. */
function looksLikeZlib(chunk: Buffer): boolean {
  if (chunk.length < 2) return false;
  const cmf = chunk[0]!;
  const flg = chunk[1]!;
  return (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0;
}

/** "deflate" is zlib-wrapped by the RFC but raw in many servers: pick the decoder from the first bytes. */
function autoInflate(): Transform {
  let inner: zlib.Inflate | zlib.InflateRaw | null = null;
  const out: Transform = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!inner) {
        inner = looksLikeZlib(chunk) ? zlib.createInflate() : zlib.createInflateRaw();
        inner.on("data", (d: Buffer) => out.push(d));
        inner.on("error", (e) => out.destroy(e));
      }
      inner.write(chunk, () => done());
    },
    flush(done) {
      if (!inner) return done();
      inner.once("end", () => done());
      inner.end();
    },
  });
  return out;
}

/** A decoder stream for one content coding, or null for identity and unknown codings. */
function decoderFor(coding: string): Transform | null {
  switch (coding) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return autoInflate();
    case "br":
      return zlib.createBrotliDecompress();
    case "zstd": {
      const z = zlib as unknown as { createZstdDecompress?: () => Transform };
      return z.createZstdDecompress ? z.createZstdDecompress() : null;
    }
    default:
      return null;
  }
}

/** Parses a Content-Encoding header into the decoders to apply, last-applied coding first. */
export function decodersFor(contentEncoding: string | undefined): Transform[] {
  if (!contentEncoding) return [];
  return contentEncoding
    .toLowerCase()
    .split(",")
    .map((c) => c.trim())
    .filter((c) => c !== "" && c !== "identity")
    .reverse()
    .map(decoderFor)
    .filter((d): d is Transform => d !== null);
}

/**
 * Reads `source` through the decoders for `contentEncoding`, keeping at most `maxBytes` decoded
 * bytes (the rest is not read: the stream is destroyed). A decoding error after some output keeps
 * the output and sets `truncated`; other stream errors are rethrown unchanged.
 */
export async function readBody(source: Readable, contentEncoding: string | undefined, maxBytes: number): Promise<ReadBodyResult> {
  const decoders = decodersFor(contentEncoding);
  const stream: Readable =
    decoders.length === 0 ? source : (pipeline([source, ...decoders] as unknown as [Readable, Transform], () => {}) as Transform);
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const room = maxBytes - size;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        size += room;
        truncated = true;
        break;
      }
      chunks.push(chunk);
      size += chunk.length;
    }
  } catch (err) {
    const code = (err as { code?: string }).code ?? "";
    const decodeFailure =
      code.startsWith("Z_") || code.startsWith("ERR_BROTLI") || code.startsWith("ERR__ZSTD") || code.startsWith("ERR_ZSTD");
    if (!(decodeFailure && size > 0)) throw err;
    truncated = true;
  } finally {
    if (!source.destroyed && !source.readableEnded) source.destroy();
  }
  return { body: Buffer.concat(chunks, size), truncated };
}

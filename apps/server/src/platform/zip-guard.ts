import { inflateRawSync } from 'node:zlib';

// Looks inside a zip before any library unpacks it (ADR 077): a small upload must not unpack into gigabytes (a
// zip bomb) or hold thousands of entries. The central directory says what each entry holds, and each entry is
// inflated here with a ceiling on its output, so a size the directory lies about is caught too.

export interface ZipLimits {
  /** Entries at most. */
  maxEntries: number;
  /** Bytes once unpacked, all entries together. */
  maxUnpackedBytes: number;
}

export interface ZipEntry {
  name: string;
  /** The entry unpacked. */
  data: Buffer;
}

export class ZipRefused extends Error {}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const STORED = 0;
const DEFLATED = 8;

/** True when the bytes open as a zip's first local header does (`PK\x03\x04`). */
export function hasZipSignature(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL_HEADER;
}

function endOfDirectory(bytes: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535: search backwards from the end for its signature.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at -= 1) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw new ZipRefused('The file is not a complete zip archive');
}

/**
 * The entries of a zip, each inflated once with a ceiling so the total unpacked size is proven, not trusted.
 * Refuses encryption, zip64, methods other than stored and deflate, and entries out of the file's bounds.
 */
export function inspectZip(bytes: Buffer, limits: ZipLimits): ZipEntry[] {
  if (!hasZipSignature(bytes)) throw new ZipRefused('The file is not a zip archive');
  const end = endOfDirectory(bytes);
  const entryCount = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (entryCount === 0xffff || directoryOffset === 0xffffffff)
    throw new ZipRefused('Zip64 archives are refused');
  if (entryCount > limits.maxEntries)
    throw new ZipRefused(`The archive holds more than ${limits.maxEntries} files`);

  const entries: ZipEntry[] = [];
  let unpackedTotal = 0;
  let at = directoryOffset;
  for (let index = 0; index < entryCount; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_HEADER)
      throw new ZipRefused('The archive’s directory is damaged');
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const packedBytes = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    if (flags & 0x1) throw new ZipRefused('Encrypted archives are refused');
    if (method !== STORED && method !== DEFLATED) throw new ZipRefused(`${name}: unsupported compression`);
    if (localOffset + 30 > bytes.length || bytes.readUInt32LE(localOffset) !== LOCAL_HEADER)
      throw new ZipRefused('The archive’s entries are damaged');
    const dataStart =
      localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
    if (dataStart + packedBytes > bytes.length) throw new ZipRefused('The archive is cut short');
    const packed = bytes.subarray(dataStart, dataStart + packedBytes);
    const room = limits.maxUnpackedBytes - unpackedTotal;
    let data: Buffer;
    if (method === STORED) data = packed;
    else {
      try {
        // maxOutputLength stops inflating at the ceiling: a bomb costs at most `room` bytes of memory.
        data = inflateRawSync(packed, { maxOutputLength: Math.max(room, 1) });
      } catch (error) {
        if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          throw new ZipRefused(
            `The archive unpacks to more than ${Math.round(limits.maxUnpackedBytes / 1024 / 1024)} MB`,
          );
        throw new ZipRefused(`${name}: the compressed data is damaged`);
      }
    }
    unpackedTotal += data.length;
    if (unpackedTotal > limits.maxUnpackedBytes)
      throw new ZipRefused(
        `The archive unpacks to more than ${Math.round(limits.maxUnpackedBytes / 1024 / 1024)} MB`,
      );
    entries.push({ name, data });
  }
  return entries;
}

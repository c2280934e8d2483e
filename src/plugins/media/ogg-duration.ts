// The length of an Ogg Opus or Vorbis file from its last page's granule position, for the
// `[voice 0:42]` reference when the sender did not say (Telegram does; a web upload does not).
// Pure: bytes in, seconds out; null when the bytes are not an Ogg stream it understands.

const OGG_CAPTURE = [0x4f, 0x67, 0x67, 0x53]; // "OggS"

function isPageAt(bytes: Uint8Array, offset: number): boolean {
  return OGG_CAPTURE.every((byte, index) => bytes[offset + index] === byte);
}

function findAscii(bytes: Uint8Array, text: string, from: number, to: number): number {
  outer: for (let offset = from; offset <= to - text.length; offset += 1) {
    for (let index = 0; index < text.length; index += 1) {
      if (bytes[offset + index] !== text.charCodeAt(index)) continue outer;
    }
    return offset;
  }
  return -1;
}

/** Seconds of audio in an Ogg Opus/Vorbis file, or null. */
export function oggDurationSeconds(bytes: Uint8Array): number | null {
  if (bytes.length < 64 || !isPageAt(bytes, 0)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const head = Math.min(bytes.length, 512);
  let rate: number;
  let preSkip = 0;
  const opus = findAscii(bytes, "OpusHead", 0, head);
  if (opus >= 0) {
    rate = 48_000; // Opus granule positions always count 48 kHz samples (RFC 7845 §4).
    preSkip = view.getUint16(opus + 10, true);
  } else {
    const vorbis = findAscii(bytes, "\x01vorbis", 0, head);
    if (vorbis < 0) return null;
    rate = view.getUint32(vorbis + 12, true);
  }
  for (let offset = bytes.length - 27; offset >= 0; offset -= 1) {
    if (!isPageAt(bytes, offset)) continue;
    const granule = Number(view.getBigUint64(offset + 6, true));
    if (granule <= 0 || rate <= 0) return null;
    return Math.max(0, granule - preSkip) / rate;
  }
  return null;
}

/** `0:42`, `12:03`, `1:02:03`. */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

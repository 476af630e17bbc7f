/**
 * Unpacks a WOFF 1.0 file into the TrueType (sfnt) font it wraps: each table inflated once. fontkit reads WOFF itself
 * but inflates a table again on every access, and its subsetter reads the `glyf` table once per glyph: a subset of
 * 60 glyphs cost ~60 inflations of the whole table, most of a PDF's CPU.
 */
export async function woffToSfnt(woff: Uint8Array): Promise<Uint8Array> {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== 0x774f4646) return woff; // not "wOFF": already an sfnt
  const flavor = view.getUint32(4);
  const numTables = view.getUint16(12);
  const tables = await Promise.all(
    Array.from({ length: numTables }, async (_, index) => {
      const entry = 44 + index * 20;
      const offset = view.getUint32(entry + 4);
      const compressedLength = view.getUint32(entry + 8);
      const length = view.getUint32(entry + 12);
      const stored = woff.subarray(offset, offset + compressedLength);
      const data = compressedLength < length ? await inflate(stored) : stored;
      if (data.byteLength !== length) throw new Error("WOFF table of unexpected length");
      return { tag: view.getUint32(entry), checksum: view.getUint32(entry + 16), data };
    }),
  );
  const headerLength = 12 + 16 * numTables;
  const total = tables.reduce((sum, table) => sum + align4(table.data.byteLength), headerLength);
  const sfnt = new Uint8Array(total);
  const out = new DataView(sfnt.buffer);
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  out.setUint32(0, flavor);
  out.setUint16(4, numTables);
  out.setUint16(6, searchRange);
  out.setUint16(8, entrySelector);
  out.setUint16(10, numTables * 16 - searchRange);
  let position = headerLength;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    out.setUint32(record, table.tag);
    out.setUint32(record + 4, table.checksum);
    out.setUint32(record + 8, position);
    out.setUint32(record + 12, table.data.byteLength);
    sfnt.set(table.data, position);
    position += align4(table.data.byteLength);
  });
  return sfnt;
}

const align4 = (length: number) => (length + 3) & ~3;

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Without 0/O and 1/I/L, so that a code read aloud or from paper is typed right. */
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const GENERATED_SUFFIX_LENGTH = 8;

function randomSuffix(): string {
  // 256 is not a multiple of 31: draw again above the largest multiple so every character is equally likely.
  const limit = 256 - (256 % ALPHABET.length);
  let suffix = "";
  while (suffix.length < GENERATED_SUFFIX_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < limit && suffix.length < GENERATED_SUFFIX_LENGTH) suffix += ALPHABET[byte % ALPHABET.length];
    }
  }
  return suffix;
}

/**
 * Keys for bulk creation: `count` distinct codes `PREFIX` + 8 random characters, none equal to a key already taken.
 * 31^8 ≈ 8.5 × 10^11 combinations: collisions are rare and retried.
 */
export function generatePromoCodeKeys(prefix: string, count: number, taken: ReadonlySet<string>): string[] {
  const keys = new Set<string>();
  const normalizedPrefix = prefix.trim().toUpperCase();
  while (keys.size < count) {
    const key = normalizedPrefix + randomSuffix();
    if (!taken.has(key)) keys.add(key);
  }
  return [...keys];
}

/**
 * What an artifact's name looks like, for telling two names apart: two
 * paths with the same skeleton read as the same name to a person, so a chat
 * may not hold both (`report.md` and `rеport.md` with a Cyrillic `е`, or
 * `Report.md`). Modelled on the skeleton of Unicode's UTS #39 (§4): the
 * name in compatibility form (NFKC turns fullwidth `ｒｅｐｏｒｔ`, ligatures and
 * mathematical letters into plain ones), decomposed, default-ignorable code
 * points dropped, each letter that looks like a Latin one mapped to it,
 * then compared without case.
 *
 * The map is ours, not the whole of Unicode's confusables table: the npm
 * ports of that table are snapshots of old Unicode versions without a
 * maintainer, and the table also maps ASCII to ASCII (`l` to `I`, `rn` to
 * `m`, `0` to `O`), which compared without case would make `file.md` and
 * `fiie.md` one name. What is here are the look-alikes of Latin letters in
 * the scripts a name can mix with Latin (Cyrillic, Greek, Armenian,
 * Cherokee) and Latin's own (dotless `ı`, `ɑ`, `ɡ`); a name in one of those
 * scripts on its own stays as distinct as it reads.
 */

/** Each look-alike and the Latin letter it reads as (upper and lower case: the map runs before case is dropped). */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  // Cyrillic.
  А: "A", В: "B", С: "C", Е: "E", Н: "H", І: "I", Ј: "J", К: "K", М: "M", О: "O", Р: "P", Ѕ: "S", Т: "T", Х: "X", У: "Y", Ү: "Y", Ԛ: "Q", Ԝ: "W", Ӏ: "l", Ԁ: "D",
  а: "a", с: "c", е: "e", һ: "h", і: "i", ј: "j", о: "o", р: "p", ѕ: "s", у: "y", х: "x", ԁ: "d", ԛ: "q", ԝ: "w", ӏ: "l", ү: "y", ɡ: "g",
  // Greek.
  Α: "A", Β: "B", Ε: "E", Ζ: "Z", Η: "H", Ι: "I", Κ: "K", Μ: "M", Ν: "N", Ο: "O", Ρ: "P", Τ: "T", Υ: "Y", Χ: "X", Ϲ: "C", Ϳ: "J",
  α: "a", ι: "i", κ: "k", ν: "v", ο: "o", ρ: "p", τ: "t", υ: "u", χ: "x", ϲ: "c", ϳ: "j",
  // Armenian.
  Օ: "O", Ս: "U", Տ: "S",
  օ: "o", ո: "n", ս: "u", հ: "h", զ: "q", ց: "g",
  // Cherokee (capitals; their small forms fold to them).
  Ꭺ: "A", Ᏼ: "B", Ꮯ: "C", Ꭼ: "E", Ꮐ: "G", Ꮋ: "H", Ꭻ: "J", Ꮶ: "K", Ꮇ: "M", Ꮲ: "P", Ꮪ: "S", Ꭲ: "T", Ꮩ: "V", Ꮃ: "W", Ꮓ: "Z",
  // Latin letters that read as other Latin letters.
  ı: "i", ȷ: "j", ɑ: "a", ɩ: "i", ʏ: "y", ꮃ: "w",
};

/** Characters a skeleton leaves out: they show nothing (zero-width, fillers, selectors, bidi controls). */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** The skeleton of an artifact path (see the file comment); equal skeletons read as one name. */
export function artifactNameSkeleton(path: string): string {
  const decomposed = path.normalize("NFKC").normalize("NFD").replace(IGNORABLE, "");
  let mapped = "";
  // A small letter without its own entry reads as its capital does: the comparison is without case anyway.
  for (const character of decomposed) mapped += LOOK_ALIKES[character] ?? LOOK_ALIKES[character.toUpperCase()] ?? character;
  return mapped.toLowerCase().normalize("NFC");
}

/** The path among `existing` that reads as `path` but is not it (differs in look-alike letters or case only), if any. */
export function lookAlikeArtifactPath(path: string, existing: readonly string[]): string | undefined {
  if (existing.includes(path)) return undefined;
  const skeleton = artifactNameSkeleton(path);
  return existing.find((candidate) => artifactNameSkeleton(candidate) === skeleton);
}

/**
 * Phones as every service treats them: stored as given, matched by their last 9 digits, and shown
 * to a viewer according to their priority (spec 1 §9: the last 9 digits for priority below 3,
 * otherwise four stars plus the last 5 digits). Masking happens on the server, in one place: the
 * kit's reply step (server/reply-mask.ts, every routed reply) and the realtime tier (every socket
 * reply and push), both through `maskPhonesInText`.
 */

/** Digits only. */
export const digitsOf = (phone: unknown): string => String(phone ?? '').replace(/\D/g, '');

/** The last 9 digits of a phone (matching key everywhere), or '' when there are none. */
export function last9(phone: unknown): string {
  return digitsOf(phone).slice(-9);
}

/**
 * A Vietnamese mobile number as typed in a sheet or a form: 9 digits (the leading 0 lost by Excel),
 * 0 + 9 digits, or 84 + 9 digits; spaces, dots and dashes allowed. Stored as given, matched by the
 * last 9 digits.
 */
export function isPhone(raw: string): boolean {
  if (!/^[+\d][\d .-]*$/.test(raw)) return false;
  const d = digitsOf(raw);
  return d.length === 9
    ? d[0] !== '0'
    : d.length === 10
      ? d[0] === '0' && d[1] !== '0'
      : d.length === 11
        ? d.startsWith('84') && d[2] !== '0'
        : false;
}

/**
 * Phone as a viewer may see it: the last 9 digits for priority below 3, otherwise four stars
 * plus the last 5 digits (spec 1 §9, spec 3 §6).
 */
export function maskPhone(phone: unknown, viewerPriority: number): string {
  const l = last9(phone);
  if (!l) return '';
  return viewerPriority < 3 ? l : `****${l.slice(-5)}`;
}

/**
 * A phone written as the lists show it to a viewer: 0 + the last 9 digits, or the mask
 * (`****` + last 5) — for a text the server writes (a reminder's message), so that it reads the
 * number as the row beside it does.
 */
export function phoneAsShown(phone: unknown, viewerPriority: number): string {
  const shown = maskPhone(phone, viewerPriority);
  return /^\d{9}$/.test(shown) ? `0${shown}` : shown;
}

/** Whether a viewer of this priority sees phones masked (`****` + last 5): priority 3 and above. */
export const phoneMaskedFor = (viewerPriority: number): boolean => !(viewerPriority < 3);

const SEP = '[ .-]?';
/** A phone as people write one in free text: 84 / +84 (a 0 may follow) or 0, then 9 digits, separators between. */
const PHONE_IN_TEXT = new RegExp(`(?<![\\d+])(?:(?:\\+?84${SEP}0?|0)${SEP})?\\d(?:${SEP}\\d){8}(?!\\d)`, 'g');
/** The 9 significant digits of a number written 0 + 9, 84 + 9, 840 + 9 or 9 (isPhone's shapes), or ''. */
function significant9(digits: string): string {
  const d =
    digits.length === 12 && digits.startsWith('840')
      ? digits.slice(3)
      : digits.length === 11 && digits.startsWith('84')
        ? digits.slice(2)
        : digits.length === 10 && digits[0] === '0'
          ? digits.slice(1)
          : digits;
  return d.length === 9 && d[0] !== '0' ? d : '';
}

/**
 * Free text (a message's content, a note, a description, a carrier's answer, a file name) as a
 * viewer may see it: for the viewers the masking rule covers (priority 3 and above), every phone
 * in it is replaced by the mask `maskPhone` gives (`****` + last 5), so that a text beside a
 * masked phone column does not show the number the column hides. Priority below 3 sees the text
 * as written (the rule lets them see the number).
 *
 * What counts as a phone: (i) a Vietnamese number as `isPhone` describes it — 9 digits not
 * starting with 0, 0 + 9, 84 / +84 + 9 (also 84 0 + 9), spaces, dots or dashes allowed between
 * digits — standing on its own (no digit right before or after); (ii) each of `ownPhones` (the
 * row's own phone columns) wherever its last 9 digits appear, separators allowed, even inside a
 * longer run of digits (a bank reference). Other numbers — amounts, package codes, OTPs, short
 * codes, longer references without the row's number — are left as they are. A 9-digit amount
 * standing alone (e.g. '150000000') has a phone's shape and is masked too.
 */
export function maskPhonesInText(text: string, viewerPriority: number, ...ownPhones: unknown[]): string {
  if (!text || !phoneMaskedFor(viewerPriority) || !/\d/.test(text)) return text;
  let out = text;
  for (const own of ownPhones) {
    const l = last9(own);
    if (l.length !== 9 || !digitsOf(out).includes(l)) continue;
    const re = new RegExp(`(?:(?:\\+?84${SEP}0?|0)${SEP})?${l.split('').join(SEP)}`, 'g');
    out = out.replace(re, () => maskPhone(l, viewerPriority));
  }
  return out.replace(PHONE_IN_TEXT, (m) => {
    const l = significant9(digitsOf(m));
    return l ? maskPhone(l, viewerPriority) : m;
  });
}

/**
 * A value a masked viewer sent back in an edit: what they were shown (its phones masked, as
 * `maskPhonesInText` shows `stored`) means "unchanged", and the stored value is kept, so that
 * saving a form never writes the mask over the number. Anything else is what they typed.
 */
export function keptUnlessEdited(sent: string, stored: string, viewerPriority: number, ...ownPhones: unknown[]): string {
  if (!phoneMaskedFor(viewerPriority) || sent === stored || !stored) return sent;
  return sent === maskPhonesInText(stored, viewerPriority, ...ownPhones) ? stored : sent;
}

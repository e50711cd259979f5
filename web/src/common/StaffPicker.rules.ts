/**
 * The staff picker's rules (spec 2 §1: "In staff selectors, priority 4 users are prefixed with two
 * dashes and priority 5 with four dashes"; spec 1 §2.14, spec 2 §2.10: indented by level), kept as
 * plain functions so they are unit-tested apart from the component.
 */

/** One person in a picker: value = username, label = 'username - full name' (no dashes), indent 0/1/2. */
export interface StaffPick {
  value: string;
  label: string;
  /** 0 branch or senior, 1 leader ('--'), 2 salesperson ('----'). */
  indent?: number;
}

/** The spec's dashes for a level: '' / '--' / '----'. */
export const staffDashes = (indent: number | undefined) => (indent === 1 ? '--' : indent === 2 ? '----' : '');

/** What the open list shows for an option: the hierarchy's dashes, then 'username - full name'. */
export const staffOptionText = (o: StaffPick) => `${staffDashes(o.indent)}${o.label}`;

/** A label as a cell or the closed picker shows it: without the hierarchy's leading dashes. */
export const plainStaffText = (label: string) => String(label ?? '').replace(/^-+\s*/, '');

/** Lower case without diacritics ('Đức' → 'duc'), so 'duc' finds 'Trần Văn Đức'. */
export function foldText(text: string): string {
  return String(text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .trim();
}

/**
 * The options a typed text keeps, in the hierarchy's order: every word typed must occur in the
 * username or the name (diacritics and case ignored; dashes are never matched).
 */
export function filterStaff<T extends StaffPick>(options: readonly T[], typed: string): T[] {
  const words = foldText(typed).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((o) => {
    const hay = foldText(`${o.value} ${plainStaffText(o.label)}`);
    return words.every((w) => hay.includes(w));
  });
}

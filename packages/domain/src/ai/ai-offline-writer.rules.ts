/**
 * The built-in writing assistant used when no language model is configured: plain rules, no I/O, so the
 * job form always gets a useful description. "Generate" writes 2–4 sentences from what the form knows;
 * "Improvise" tidies what the user wrote without changing what it says.
 */
export const OFFLINE_DESCRIPTION_MAX = 1000;

export type OfflineWriterInput = {
  requestType: 'Generate' | 'Improvise';
  currentDescription?: string | undefined;
  jobName?: string | undefined;
  jobTags?: readonly string[] | undefined;
  customerName?: string | undefined;
  siteAddress?: string | undefined;
};

/** Trade keywords (matched in the job name and tags) -> what the technician should check. */
const TRADE_CHECKS: { words: RegExp; checks: string }[] = [
  { words: /plumb|leak|pipe|drain|faucet|toilet|sewer|water heater/i, checks: 'check for leaks, test water pressure and confirm drains run freely' },
  {
    words: /hvac|heat|furnace|boiler|air ?con|\bac\b|cooling|ventilat|thermostat/i,
    checks: 'check airflow, filters and thermostat operation and confirm the system heats or cools as expected',
  },
  {
    words: /electric|wiring|panel|breaker|outlet|lighting|\blights?\b|generator/i,
    checks: 'isolate the supply before work, test circuits, breakers and outlets, and confirm everything is safe when finished',
  },
  { words: /roof|gutter|shingle|flashing/i, checks: 'inspect shingles, flashing and gutters for damage and signs of water getting in' },
  { words: /paint|drywall|plaster/i, checks: 'protect floors and furniture, prepare the surfaces and check the finish in good light' },
  { words: /clean|janitor|pressure wash/i, checks: "confirm the areas to be cleaned and check each one against the customer's expectations before leaving" },
  { words: /pest|termite|rodent/i, checks: 'inspect entry points and activity signs and note the treatment applied' },
  { words: /lawn|landscap|garden|tree|irrigation|sprinkler/i, checks: 'walk the grounds, check irrigation and note anything that needs follow-up' },
  {
    words: /applianc|fridge|refrigerat|washer|dryer|dishwasher|oven/i,
    checks: 'record the make, model and serial number, reproduce the fault and test the appliance after the repair',
  },
  { words: /lock|door|window|glass/i, checks: 'check alignment, seals and locking hardware and confirm everything opens and closes smoothly' },
  { words: /floor|tile|carpet/i, checks: 'check the subfloor and levels and protect finished areas' },
  { words: /install|replace|upgrade/i, checks: 'confirm the location, fixings and clearances before installing and test the new equipment once in place' },
  { words: /repair|fix|fault|broken|not working/i, checks: 'confirm the reported fault with the site contact, find the root cause and test after the repair' },
  { words: /inspect|maint|service|tune|check ?up|survey/i, checks: 'work through the standard maintenance checklist and record readings and any wear found' },
];

const GENERIC_CHECKS = 'confirm the scope with the site contact, inspect the work area and note any safety hazards before starting';

const CLOSING = 'Before leaving, clean up the work area, walk the customer through the work done and record any follow-up needed.';

/** Shorthand office staff type, expanded when tidying (word-bounded, case-insensitive). */
const ABBREVIATIONS: [RegExp, string][] = [
  [/\bw\/o(?=\s|$)/gi, 'without'],
  [/\bw\/(?=\s|$)/gi, 'with'],
  [/\bb\/c\b/gi, 'because'],
  [/\bapprox\b(?:\.(?=\s+[a-z0-9]))?/gi, 'approximately'],
  [/\basap\b/gi, 'as soon as possible'],
  [/\bpl[sz]\b/gi, 'please'],
  [/\bappt\b(?:\.(?=\s+[a-z0-9]))?/gi, 'appointment'],
  [/\bbldg\b(?:\.(?=\s+[a-z0-9]))?/gi, 'building'],
  [/\bmgr\b(?:\.(?=\s+[a-z0-9]))?/gi, 'manager'],
  [/\bqty\b(?:\.(?=\s+[a-z0-9]))?/gi, 'quantity'],
  [/\breq'd\b/gi, 'required'],
  [/\bmaint\b(?:\.(?=\s+[a-z0-9]))?/gi, 'maintenance'],
  [/\binsp\b(?:\.(?=\s+[a-z0-9]))?/gi, 'inspection'],
  [/\btech\b/gi, 'technician'],
  [/\bcust\b(?:\.(?=\s+[a-z0-9]))?/gi, 'customer'],
  [/\bthru\b/gi, 'through'],
  [/\bchk\b/gi, 'check'],
  [/\bsvc\b/gi, 'service'],
  [/\bequip\b(?:\.(?=\s+[a-z0-9]))?/gi, 'equipment'],
  [/\belec\b(?:\.(?=\s+[a-z0-9]))?/gi, 'electrical'],
  [/\bhrs\b/gi, 'hours'],
  [/\binfo\b/gi, 'information'],
  [/\bmtg\b/gi, 'meeting'],
  [/\bdept\b(?:\.(?=\s+[a-z0-9]))?/gi, 'department'],
  [/\bbtwn\b/gi, 'between'],
  [/\bea\b/gi, 'each'],
  [/\s&\s/g, ' and '],
];

const collapse = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** "a", "a and b", "a, b and c". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function uniqueTags(tags: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of tags ?? []) {
    const clean = collapse(tag);
    if (clean && !seen.has(clean.toLowerCase())) {
      seen.add(clean.toLowerCase());
      out.push(clean);
    }
  }
  return out;
}

/** The checks of the first one or two trades the text mentions. */
function checksFor(text: string): string {
  const found = TRADE_CHECKS.filter((trade) => trade.words.test(text)).slice(0, 2);
  if (found.length === 0) return GENERIC_CHECKS;
  return found.map((trade) => trade.checks).join('; also ');
}

/** At most `max` characters, cut at the last full sentence that fits (or a word boundary). */
export function fitDescription(text: string, max = OFFLINE_DESCRIPTION_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastStop = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  if (lastStop > max / 2) return cut.slice(0, lastStop + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : cut).replace(/[,;:\s]+$/, '') + '.';
}

const endWithStop = (s: string) => (/[.!?]$/.test(s) ? s : s + '.');

function generate(input: OfflineWriterInput): string {
  const name = collapse(input.jobName).replace(/[.!?]+$/, '');
  const customer = collapse(input.customerName);
  const site = collapse(input.siteAddress);
  const tags = uniqueTags(input.jobTags).slice(0, 8);

  let scope = name ? `Scope of work: ${name}` : 'Scope of work: the service requested';
  if (customer) scope += ` for ${customer}`;
  if (site) scope += ` at ${site}`;
  const sentences = [endWithStop(scope)];
  if (tags.length) sentences.push(`This job covers ${listOf(tags)}.`);
  sentences.push(`On site, the technician should ${checksFor([name, ...tags].join(' '))}.`);
  sentences.push(CLOSING);
  return fitDescription(sentences.join(' '));
}

/** Sentence case without lowering anything: acronyms (HVAC) and names keep their capitals. */
function sentenceCase(text: string): string {
  return text.replace(/(^|[.!?]\s+)(\p{Ll})/gu, (_m, stop: string, letter: string) => stop + letter.toUpperCase()).replace(/(^|\s)i(?=[\s',]|$)/g, '$1I');
}

function expandAbbreviations(text: string): string {
  return ABBREVIATIONS.reduce((out, [pattern, word]) => out.replace(pattern, word), text);
}

function improvise(input: OfflineWriterInput): string {
  const lines = (input.currentDescription ?? '')
    .split(/\r?\n/)
    .map((line) => expandAbbreviations(collapse(line).replace(/^[-*•]\s*/, '')))
    .filter(Boolean)
    .map((line) => endWithStop(line));
  let text = lines
    .join(' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/([.!?]){2,}/g, '$1');
  text = sentenceCase(text);
  if (!text) return '';
  const lower = text.toLowerCase();
  const missing = uniqueTags(input.jobTags).filter((tag) => !lower.includes(tag.toLowerCase()));
  if (missing.length) text = `${text} This job also covers ${listOf(missing.slice(0, 8))}.`;
  return fitDescription(text);
}

export function writeOfflineDescription(input: OfflineWriterInput): string {
  return input.requestType === 'Improvise' ? improvise(input) : generate(input);
}

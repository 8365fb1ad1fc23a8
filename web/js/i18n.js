// The page's language: the words come from the server's Fluent messages (GET /l10n/LANG.ftl,
// the same files the API speaks from: src/i18n/ftl), formatted with @fluent/bundle (fluent.js);
// numbers and dates with Intl in the same language. The language is the one the player picked
// (kept in this browser, and with their account: PUT /v1/users/me/profile), else the best of
// navigator.languages, else English; English stands in for any message a language lacks.
// Static text in index.html carries data-l10n-id (and data-l10n-attrs for attributes).

import { FluentBundle, FluentResource, negotiateLanguages } from './fluent.js';

/** The languages the service speaks: tag and own name. */
export const LANGUAGES = [
  ['en', 'English'],
  ['de', 'Deutsch'],
  ['fr', 'français'],
  ['es', 'español'],
  ['pt-BR', 'português (Brasil)'],
  ['ja', '日本語'],
];
const TAGS = LANGUAGES.map(([tag]) => tag);

let bundles = [];
let current = 'en';

/** The language the page speaks now (a tag of LANGUAGES). */
export const lang = () => current;

/** The best of ours for `wanted` (a tag, or a list such as navigator.languages). */
export function negotiate(wanted) {
  const list = (Array.isArray(wanted) ? wanted : [wanted]).filter(Boolean);
  return negotiateLanguages(list, TAGS, { strategy: 'lookup', defaultLocale: 'en' })[0] || 'en';
}

async function bundleOf(tag) {
  const res = await fetch(`/l10n/${tag}.ftl`);
  if (!res.ok) throw new Error(`no messages for ${tag}`);
  const bundle = new FluentBundle(tag, { useIsolating: false });
  const errors = bundle.addResource(new FluentResource(await res.text()));
  if (errors.length) console.warn(`messages of ${tag}:`, errors);
  return bundle;
}

/** Load `tag`'s messages (and English behind them); the page's `lang` attribute follows. */
export async function useLanguage(tag) {
  const chosen = TAGS.includes(tag) ? tag : 'en';
  const tags = chosen === 'en' ? ['en'] : [chosen, 'en'];
  try {
    bundles = await Promise.all(tags.map(bundleOf));
    current = chosen;
  } catch (err) {
    console.warn(err);
    bundles = bundles.length ? bundles : [];
  }
  document.documentElement.lang = current;
}

function format(id, args, attribute) {
  for (const bundle of bundles) {
    const message = bundle.getMessage(id);
    const pattern = attribute ? message?.attributes?.[attribute] : message?.value;
    if (pattern) return bundle.formatPattern(pattern, args, []);
  }
  return id;
}

/** The message `id` with `args`, in the page's language. */
export const t = (id, args) => format(id, args);

/** The message `id` as nodes for an element's children: each variable named in `slots`
 * (name → element) is that element, where the language's sentence puts it (a bold name in
 * the middle of a sentence keeps the sentence whole, in every word order). */
export function sentence(id, args, slots) {
  const marks = Object.fromEntries(Object.keys(slots).map((name) => [name, `\uE000${name}\uE000`]));
  return t(id, { ...args, ...marks }).split(/\uE000([^\uE000]*)\uE000/)
    .map((part, i) => (i % 2 ? slots[part] : part)).filter((part) => part !== '' && part != null);
}

/** The words of every element under `root` that names a message (data-l10n-id): its text,
 * and the attributes data-l10n-attrs lists (from the message's attributes of those names). */
export function translate(root = document) {
  for (const node of root.querySelectorAll('[data-l10n-id]')) {
    const id = node.dataset.l10nId;
    const args = node.dataset.l10nArgs ? JSON.parse(node.dataset.l10nArgs) : undefined;
    if (node.dataset.l10nMarkup === 'kbd') node.replaceChildren(...withKeys(format(id, args)));
    else if (!node.dataset.l10nAttrsOnly) node.textContent = format(id, args);
    for (const attr of (node.dataset.l10nAttrs || '').split(',').filter(Boolean)) {
      node.setAttribute(attr, format(id, args, attr));
    }
  }
}

/** Text with keys marked `<kbd>D</kbd>`, as nodes: the only markup a message may hold, made
 * into elements here (never parsed as HTML). */
function withKeys(text) {
  return text.split(/(<kbd>[^<]*<\/kbd>)/).filter(Boolean).map((part) => {
    const key = /^<kbd>([^<]*)<\/kbd>$/.exec(part);
    if (!key) return document.createTextNode(part);
    const kbd = document.createElement('kbd');
    kbd.textContent = key[1];
    return kbd;
  });
}

/** A number as the language writes it (1,234 · 1.234 · 1 234). */
export const number = (n) => new Intl.NumberFormat(current).format(n);

/** A moment as the language writes it (date and time, medium and short). */
export function when(iso) {
  if (!iso) return '–';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(current, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** A day (YYYY-MM-DD, UTC) as the language writes it. */
export function day(date) {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return new Intl.DateTimeFormat(current, { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}

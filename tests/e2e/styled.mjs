// Which classes on a page the style sheets style but the page's own rules never name. Each page
// is given only the style rules its bundle can use (scripts/split-css.mjs), so such a class is a
// rule that was wrongly left out. Used by the harness's assertClean and by the monkey.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CSS = path.resolve(fileURLToPath(new URL('../../static/css', import.meta.url)));

// Every class the style sheets (static/css) name.
const STYLED = [...new Set(fs.readdirSync(CSS)
  .map((f) => fs.readFileSync(path.join(CSS, f), 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''))
  .flatMap((css) => [...css.matchAll(/\.(-?[A-Za-z_][\w-]*)(?![^{]*})/g)].map((m) => m[1])))];

/**
 * The classes on the page that the style sheets style but the page's own rules never name: a
 * page is given only the rules its bundle can use (scripts/split-css.mjs), so a class missing
 * here is a rule that was wrongly left out. Empty when all is well.
 */
export async function unstyled(page) {
  return page.evaluate((styled) => {
    const text = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    const onPage = new Set([...document.querySelectorAll('[class]')].flatMap((e) => [...e.classList]));
    return styled.filter((c) => onPage.has(c) && !new RegExp(`\\.${c.replace(/[-]/g, '\\-')}(?![\\w-])`).test(text));
  }, STYLED);
}

import type { Page } from '@playwright/test';

/**
 * Where words must be read whole: buttons, headings, labels, table headers, tabs, legends, summaries, and the
 * paragraphs, links, list items and definition terms and values that carry names and numbers.
 */
const READ_WHOLE = 'button, h1, h2, h3, h4, label, th, [role="tab"], legend, summary, dt, dd, a, p, li';

/**
 * The visible elements of READ_WHOLE whose text needs more room than they show (scrollWidth beyond clientWidth and
 * the words' box beyond the element's; above or below only when it hides its overflow), each as
 * `tag "text" (needs N px, shows M)` so a failure names them. Not counted: an element meant to cut its text short
 * (text-overflow: ellipsis with a title that says it whole), one inside a table container that scrolls sideways
 * (the reader scrolls to it), and visually hidden text for screen readers.
 */
export async function clippedText(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const scrollsSideways = (element: Element): boolean => {
      for (let up = element.parentElement; up; up = up.parentElement) {
        const overflowX = getComputedStyle(up).overflowX;
        if ((overflowX === 'auto' || overflowX === 'scroll') && up.querySelector('table')) return true;
      }
      return false;
    };
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      // Hidden, inline (no box of its own to clip) or a screen reader's 1 px text.
      if (style.display === 'inline' || style.visibility === 'hidden' || box.width <= 1 || box.height <= 1)
        continue;
      // The words' own box against the element's: scrollWidth would also count a larger tap area drawn by
      // an absolute ::after (the review marks' badges), which hides nothing.
      const range = document.createRange();
      range.selectNodeContents(element);
      const words = range.getBoundingClientRect();
      if (words.width === 0) continue;
      // Both: a child that cuts its own words short (truncate) leaves the element's scrollWidth alone.
      const wide =
        element.scrollWidth > element.clientWidth + 1 &&
        (words.left < box.left - 1 || words.right > box.right + 1);
      const hidesOverflow = style.overflowY !== 'visible';
      const tall =
        hidesOverflow &&
        element.scrollHeight > element.clientHeight + 1 &&
        (words.top < box.top - 1 || words.bottom > box.bottom + 1);
      if (!wide && !tall) continue;
      if (style.textOverflow === 'ellipsis' && element.title) continue;
      if (scrollsSideways(element)) continue;
      const text = (element.innerText || element.getAttribute('aria-label') || '')
        .replace(/\s+/g, ' ')
        .trim();
      const size = wide
        ? `needs ${Math.round(words.width)} px wide, shows ${Math.round(box.width)}`
        : `needs ${Math.round(words.height)} px high, shows ${Math.round(box.height)}`;
      found.push(`${element.tagName.toLowerCase()} "${text.slice(0, 80)}" (${size})`);
    }
    return found;
  }, READ_WHOLE);
}

/** How far the page itself scrolls sideways (0 when it fits the window). */
export async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

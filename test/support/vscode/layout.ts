// Layout checks the eye makes in a narrow side bar, for E2E tests: a name shown whole, text that is not squeezed
// into a column by the buttons beside it.
import type { Locator } from 'playwright-core';

/**
 * Whether an element's text fits without being cut (an ellipsis or a hidden overflow). A name kept on one line is
 * checked to the layout's fraction of a pixel: scrollWidth and clientWidth are whole pixels, and a name 0.05 px
 * narrower than its text already ends in an ellipsis ("from-mcp.t…").
 */
export async function isShownWhole(element: Locator): Promise<boolean> {
  return element.evaluate((el) => {
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(el);
    const style = getComputedStyle(el);
    const inner = el.getBoundingClientRect().width - ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'].reduce((sum, k) => sum + parseFloat(style[k as 'paddingLeft']), 0);
    if (el.scrollWidth > el.clientWidth) return false;
    // Text that wraps is measured by its overflow alone (a space hanging at a wrapped line's end is wider than the
    // box and cut by nothing); text kept on one line must fit its box exactly.
    const oneLine = style.whiteSpace === 'nowrap' || style.whiteSpace === 'pre' || style.textWrap === 'nowrap' || style.textWrapMode === 'nowrap';
    return !oneLine || range.getBoundingClientRect().width <= inner + 0.001;
  });
}

/** The text's width as a share of its container's, and whether each button sits below the text. */
export async function textLayout(container: Locator, text: Locator, buttons: Locator): Promise<{ share: number; buttonsBelow: boolean }> {
  const box = await container.boundingBox();
  const textBox = await text.boundingBox();
  if (!box || !textBox) throw new Error('the message or its text is not laid out');
  let buttonsBelow = true;
  for (const b of await buttons.all()) {
    const bb = await b.boundingBox();
    if (!bb || bb.y < textBox.y + textBox.height - 1) buttonsBelow = false;
  }
  return { share: textBox.width / box.width, buttonsBelow };
}

/** Whether an inline text is laid out on one line (not broken across two, as "无 API / 密钥" was). */
export async function isOneLine(element: Locator): Promise<boolean> {
  return element.evaluate((el) => {
    const tops = new Set([...el.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    return tops.size === 1;
  });
}

/** The rows the visible children of a wrapping flex container take (distinct tops, 2 px apart or more). */
export async function rowCount(container: Locator): Promise<number> {
  return container.evaluate((el) => {
    const tops: number[] = [];
    for (const child of el.children) {
      const r = child.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (!tops.some((t) => Math.abs(t - r.top) < 2)) tops.push(r.top);
    }
    return tops.length;
  });
}

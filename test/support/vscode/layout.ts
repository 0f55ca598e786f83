// Layout checks the eye makes in a narrow side bar, for E2E tests: a name shown whole, text that is not squeezed
// into a column by the buttons beside it.
import type { Locator } from 'playwright-core';

/** Whether an element's text fits without being cut (an ellipsis or a hidden overflow). */
export async function isShownWhole(element: Locator): Promise<boolean> {
  return element.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
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

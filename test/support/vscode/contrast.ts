// WCAG 2 contrast of what the webview really paints, for E2E tests: the colours are the theme's computed ones,
// read from the page, and a translucent colour (a theme's `#rrggbbaa`, a `color-mix` with transparent) is blended
// over the backgrounds under it, down to the first opaque one, as the browser composites them.
import type { Locator } from 'playwright-core';

export type Rgba = [r: number, g: number, b: number, a: number];

/**
 * The first colour in a computed value: `rgb()`/`rgba()`, `color(srgb …)` (Chromium's computed `color-mix()`), or
 * `#rgb`/`#rrggbb`/`#rrggbbaa` (a custom property's value). Throws on anything else: a colour the test cannot read
 * must not pass as black.
 */
export function parseColour(value: string): Rgba {
  const rgb = /rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)/.exec(value);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), alpha(rgb[4])];
  const srgb = /color\(\s*srgb\s+([\d.e-]+)\s+([\d.e-]+)\s+([\d.e-]+)(?:\s*\/\s*([\d.]+%?))?\s*\)/.exec(value);
  if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, alpha(srgb[4])];
  const hex = /#([0-9a-f]{3,8})\b/i.exec(value);
  if (hex && [3, 6, 8].includes(hex[1]!.length)) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    const byte = (i: number) => parseInt(digits.slice(i, i + 2), 16);
    return [byte(0), byte(2), byte(4), digits.length === 8 ? byte(6) / 255 : 1];
  }
  if (/\btransparent\b/.test(value)) return [0, 0, 0, 0];
  throw new Error(`not a colour the contrast check can read: ${value}`);
}

function alpha(text: string | undefined): number {
  if (text === undefined) return 1;
  return text.endsWith('%') ? Number(text.slice(0, -1)) / 100 : Number(text);
}

/** `top` composited over the opaque `bottom`. */
export function blend(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1];
}

/**
 * The opaque colour a stack of backgrounds shows, innermost first (an element's, then its parents'): each is
 * blended over the ones below it, from the first opaque one up.
 */
export function flatten(layers: readonly string[]): Rgba {
  const colours = layers.map(parseColour);
  const opaque = colours.findIndex((c) => c[3] >= 1);
  if (opaque < 0) throw new Error(`no opaque background under the element: ${layers.join(' | ')}`);
  let result = colours[opaque]!;
  for (let i = opaque - 1; i >= 0; i--) result = blend(colours[i]!, result);
  return result;
}

function luminance([r, g, b]: Rgba): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG 2 contrast ratio of a (possibly translucent) colour over a stack of backgrounds, innermost first. */
export function contrast(foreground: string, backgrounds: readonly string[]): number {
  const bg = flatten(backgrounds);
  const fg = blend(parseColour(foreground), bg);
  const [hi, lo] = [luminance(fg), luminance(bg)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export interface Painted {
  /** The computed value of the property asked for (a colour, or a `box-shadow` holding one). */
  value: string;
  /** The computed background colours from the element (or its parent, `under: 'parent'`) up to the root. */
  backgrounds: string[];
}

/**
 * A computed style of the element and the backgrounds it is painted on. `under: 'parent'` starts the backgrounds
 * at the parent: for a property painted as the element's own background (a meter's fill).
 */
export async function painted(element: Locator, property: string, under: 'self' | 'parent' = 'self'): Promise<Painted> {
  return element.evaluate(
    (el, [prop, from]) => {
      const value = getComputedStyle(el).getPropertyValue(prop);
      const backgrounds: string[] = [];
      for (let node: Element | null = from === 'parent' ? el.parentElement : el; node; node = node.parentElement) backgrounds.push(getComputedStyle(node).backgroundColor);
      return { value, backgrounds };
    },
    [property, under] as const,
  );
}

/** The contrast of an element's property (text colour, border, fill) against what it is painted on. */
export async function measuredContrast(element: Locator, property: string, under: 'self' | 'parent' = 'self'): Promise<{ ratio: number; paint: Painted }> {
  const paint = await painted(element, property, under);
  return { ratio: contrast(paint.value, paint.backgrounds), paint };
}

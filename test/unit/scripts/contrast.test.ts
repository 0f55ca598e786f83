// The E2E contrast helper (test/support/vscode/contrast.ts): WCAG 2 ratios of known pairs, and translucent colours
// blended over what is under them, as the browser paints them.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contrast, flatten, parseColour } from '../../support/vscode/contrast';

const near = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) < 0.01, `${actual} ≈ ${expected}`);

describe('e2e support: measured contrast', () => {
  it('gives the WCAG ratios of known pairs', () => {
    near(contrast('rgb(0, 0, 0)', ['rgb(255, 255, 255)']), 21);
    // #767676 is the lightest grey that reaches 4.5:1 on white.
    near(contrast('rgb(118, 118, 118)', ['rgb(255, 255, 255)']), 4.54);
    // Light Modern's warning colour on its side bar: the 2.9:1.
    assert.ok(contrast('#bf8803', ['#f8f8f8']) < 3);
  });

  it("reads Chromium's computed forms: rgba, color(srgb …) from color-mix, hex with alpha, a box-shadow", () => {
    assert.deepEqual(parseColour('rgba(10, 20, 30, 0.5)'), [10, 20, 30, 0.5]);
    assert.deepEqual(parseColour('color(srgb 1 0 0.5 / 0.25)'), [255, 0, 127.5, 0.25]);
    assert.deepEqual(parseColour('#ff000080').slice(0, 3), [255, 0, 0]);
    assert.deepEqual(parseColour('rgb(51, 255, 46) 2px 0px 0px 0px inset'), [51, 255, 46, 1]);
    assert.throws(() => parseColour('currentcolor'), /not a colour/);
  });

  it('blends translucent layers over the first opaque background under them', () => {
    // Half-transparent black over white over a transparent parent: mid grey.
    assert.deepEqual(flatten(['rgba(0, 0, 0, 0.5)', 'rgba(0, 0, 0, 0)', 'rgb(255, 255, 255)']), [127.5, 127.5, 127.5, 1]);
    // A translucent text colour is weaker than its opaque form.
    assert.ok(contrast('rgba(0, 0, 0, 0.5)', ['rgb(255, 255, 255)']) < contrast('rgb(0, 0, 0)', ['rgb(255, 255, 255)']) / 2);
    assert.throws(() => flatten(['rgba(0, 0, 0, 0)']), /no opaque background/);
  });
});

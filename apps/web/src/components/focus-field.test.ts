// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { firstInvalid, goTo } from './focus-field';

const form = (html: string) => {
  const root = document.createElement('form');
  root.innerHTML = html;
  document.body.append(root);
  return root;
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the first faulty field of a refused save', () => {
  it('is the first field marked invalid in page order, not the save button', () => {
    const root = form(`
      <div data-field="name"><input id="name" aria-invalid="false"></div>
      <div data-field="price"><input id="price" aria-invalid="true"></div>
      <div data-field="vat"><input id="vat" aria-invalid="true"></div>
      <button type="submit">Save</button>`);
    expect(firstInvalid(root)?.id).toBe('price');
  });

  it("is a select's button rather than its hidden input", () => {
    const root = form(`
      <div class="MuiFormControl-root">
        <div role="combobox" tabindex="0" id="select"></div>
        <input aria-invalid="true" aria-hidden="true" tabindex="-1" id="native">
      </div>`);
    expect(firstInvalid(root)?.id).toBe('select');
  });

  it("is a line's cell input in a table", () => {
    const root = form(`
      <table><tr><td><input id="quantity" aria-invalid="true"></td><td><input id="price"></td></tr></table>`);
    expect(firstInvalid(root)?.id).toBe('quantity');
  });

  it("is the form's own message when no field is at fault, and nothing without one", () => {
    const root = form(`<div role="alert" tabindex="-1" id="message">Refused</div><input id="name">`);
    expect(firstInvalid(root)?.id).toBe('message');
    expect(firstInvalid(form('<input id="other">'))).toBeNull();
    expect(firstInvalid(null)).toBeNull();
  });

  it('takes the focus', () => {
    const root = form('<input id="price" aria-invalid="true"><button id="save">Save</button>');
    (root.querySelector('#save') as HTMLElement).focus();
    expect(goTo(firstInvalid(root))).toBe(true);
    expect(document.activeElement?.id).toBe('price');
    expect(goTo(null)).toBe(false);
  });
});

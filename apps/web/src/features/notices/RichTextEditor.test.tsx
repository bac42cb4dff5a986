import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { zhTW } from '../../locales/zh-TW.ts';
import { RichTextEditor } from './RichTextEditor.tsx';

beforeAll(async () => {
  // jsdom lays nothing out; ProseMirror measures the selection to scroll it into view.
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  Element.prototype.getClientRects ??= noRects;
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { translation: enUS }, 'zh-TW': { translation: zhTW } },
  });
});

/** The editor as a form field holds it: the value goes out through onChange and comes back as the value. */
function Field({ initial, onChange }: { initial: string; onChange: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        label="Content"
        placeholder="Write the notice here"
        value={value}
        onChange={(html) => {
          setValue(html);
          onChange(html);
        }}
      />
      <button type="button" onClick={() => setValue('<p>Loaded from the server</p>')}>
        load
      </button>
    </>
  );
}

const area = () => screen.getByRole('textbox', { name: 'Content' });

/** Enter in an antd input: it acts once per key press, so the key goes up again. */
function pressEnter(element: HTMLElement) {
  fireEvent.keyDown(element, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(element, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

/** Selects the whole text the way a user does, with the editor's own Ctrl+A. */
function selectAll() {
  fireEvent.keyDown(area(), { key: 'a', code: 'KeyA', ctrlKey: true });
}

describe('RichTextEditor', () => {
  // Whether a button shows as pressed follows the browser's selection, which jsdom does not keep like a
  // browser; the Chromium flow notices-editor checks it while typing.
  it('formats the selection from the toolbar and emits the HTML', async () => {
    const onChange = vi.fn();
    render(<Field initial="<p>Holiday from 5 February</p>" onChange={onChange} />);
    expect(area().textContent).toBe('Holiday from 5 February');
    const bold = screen.getByRole('button', { name: 'Bold' });
    expect(bold.getAttribute('aria-pressed')).toBe('false');

    act(() => area().focus());
    selectAll();
    fireEvent.click(bold);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p><strong>Holiday from 5 February</strong></p>'));

    fireEvent.click(screen.getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith('<ul><li><p><strong>Holiday from 5 February</strong></p></li></ul>'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Clear formatting' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>Holiday from 5 February</p>'));
  });

  it('links the selection only to the addresses the server keeps', async () => {
    const onChange = vi.fn();
    render(<Field initial="<p>calendar</p>" onChange={onChange} />);
    act(() => area().focus());
    selectAll();
    fireEvent.click(screen.getByRole('button', { name: 'Insert link' }));
    const address = await screen.findByRole('textbox', { name: 'Link address' });

    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    pressEnter(address);
    expect(await screen.findByText(/Enter an address starting with https:\/\//)).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(address, { target: { value: 'https://huaxin.example/calendar' } });
    pressEnter(address);
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        '<p><a target="_blank" rel="noopener noreferrer" href="https://huaxin.example/calendar">calendar</a></p>',
      ),
    );
  });

  it('drops what it cannot hold: scripts, handlers, images and javascript: links in a loaded value', () => {
    render(
      <Field
        initial={'<p>ok<img src=x onerror="alert(1)"><a href="javascript:alert(2)">x</a></p><script>alert(3)</script>'}
        onChange={vi.fn()}
      />,
    );
    expect(area().innerHTML).not.toMatch(/<img|onerror|javascript:|<script/);
    expect(area().textContent).toBe('okx');
  });

  it('takes a value set from outside, shows the placeholder only when empty', async () => {
    const onChange = vi.fn();
    render(<Field initial="" onChange={onChange} />);
    expect(screen.getByText('Write the notice here')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    await waitFor(() => expect(area().textContent).toBe('Loaded from the server'));
    expect(screen.queryByText('Write the notice here')).toBeNull();
    // Replacing the text from outside is not an edit by the user.
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is one tab stop as a toolbar: arrows, Home and End move, Escape returns to the text', async () => {
    render(<Field initial="<p>x</p>" onChange={vi.fn()} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Text formatting' });
    const buttons = screen.getAllByRole('button').filter((b) => toolbar.contains(b));
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'H1 heading',
      'H2 heading',
      'H3 heading',
      'Bulleted list',
      'Numbered list',
      'Insert link',
      'Clear formatting',
    ]);
    expect(buttons.filter((b) => b.tabIndex === 0)).toEqual([buttons[0]]);
    act(() => buttons[0]!.focus());
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1]!, { key: 'End' });
    expect(document.activeElement).toBe(buttons[10]);
    fireEvent.keyDown(buttons[10]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[0]);
    expect(buttons.filter((b) => b.tabIndex === 0)).toEqual([buttons[0]]);
    fireEvent.keyDown(buttons[0]!, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(area()));
  });

  it('names its buttons in the reader’s language', async () => {
    await act(() => i18n.changeLanguage('zh-TW'));
    try {
      render(<Field initial="" onChange={vi.fn()} />);
      expect(screen.getByRole('toolbar', { name: '文字格式' })).toBeTruthy();
      expect(screen.getByRole('button', { name: '粗體' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'H2 標題' })).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('en-US'));
    }
  });
});

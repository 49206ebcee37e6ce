import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodeInput, emptyCode } from '../components/CodeInput';

function ControlledCodeInput({ onComplete }: { onComplete: (code: string) => void }) {
  const [value, setValue] = useState(() => emptyCode(6));
  return <CodeInput value={value} onChange={setValue} onComplete={onComplete} />;
}

function boxes(): HTMLInputElement[] {
  return Array.from({ length: 6 }, (_, index) => screen.getByTestId(`code-box-${index}`) as HTMLInputElement);
}

function typeInto(box: HTMLInputElement, character: string) {
  fireEvent.change(box, { target: { value: character } });
}

describe('CodeInput', () => {
  it('renders six single-character boxes', () => {
    render(<ControlledCodeInput onComplete={vi.fn()} />);
    expect(boxes()).toHaveLength(6);
    expect(screen.getByLabelText('Carácter 1 de 6')).toBeDefined();
  });

  it('moves to the next box after each typed character', () => {
    render(<ControlledCodeInput onComplete={vi.fn()} />);
    const [first, second, third] = boxes();
    if (!first || !second || !third) throw new Error('missing boxes');
    first.focus();
    typeInto(first, '4');
    expect(first.value).toBe('4');
    expect(document.activeElement).toBe(second);
    typeInto(second, '2');
    expect(document.activeElement).toBe(third);
  });

  it('submits once when the sixth character is typed', () => {
    const onComplete = vi.fn();
    render(<ControlledCodeInput onComplete={onComplete} />);
    const all = boxes();
    ['1', '2', '3', '4', '5'].forEach((character, index) => {
      const box = all[index];
      if (box) typeInto(box, character);
    });
    expect(onComplete).not.toHaveBeenCalled();
    const last = all[5];
    if (last) typeInto(last, '6');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('fills every box from a pasted code and submits it exactly once', () => {
    const onComplete = vi.fn();
    render(<ControlledCodeInput onComplete={onComplete} />);
    const all = boxes();
    const first = all[0];
    if (!first) throw new Error('missing box');
    fireEvent.paste(first, { clipboardData: { getData: () => '987654' } });
    expect(all.map((box) => box.value).join('')).toBe('987654');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('987654');
    expect(document.activeElement).toBe(all[5]);
  });

  it('does not submit a paste that leaves boxes empty', () => {
    const onComplete = vi.fn();
    render(<ControlledCodeInput onComplete={onComplete} />);
    const all = boxes();
    const first = all[0];
    if (!first) throw new Error('missing box');
    fireEvent.paste(first, { clipboardData: { getData: () => '12' } });
    expect(all.map((box) => box.value)).toEqual(['1', '2', '', '', '', '']);
    expect(onComplete).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(all[2]);
  });

  it('clears the box on backspace and walks back from an empty box', () => {
    render(<ControlledCodeInput onComplete={vi.fn()} />);
    const all = boxes();
    const [first, second, third] = all;
    if (!first || !second || !third) throw new Error('missing boxes');
    typeInto(first, '1');
    typeInto(second, '2');
    expect(document.activeElement).toBe(third);

    // The third box is empty: backspace erases the second one and moves there.
    fireEvent.keyDown(third, { key: 'Backspace' });
    expect(second.value).toBe('');
    expect(document.activeElement).toBe(second);

    // Again from the (now empty) second box: back to the first.
    fireEvent.keyDown(second, { key: 'Backspace' });
    expect(first.value).toBe('');
    expect(document.activeElement).toBe(first);
  });

  it('erases a filled box in place on backspace', () => {
    render(<ControlledCodeInput onComplete={vi.fn()} />);
    const all = boxes();
    const first = all[0];
    if (!first) throw new Error('missing box');
    fireEvent.paste(first, { clipboardData: { getData: () => '123' } });
    const third = all[2];
    if (!third) throw new Error('missing box');
    third.focus();
    fireEvent.keyDown(third, { key: 'Backspace' });
    expect(all.map((box) => box.value)).toEqual(['1', '2', '', '', '', '']);
    expect(document.activeElement).toBe(third);
  });

  it('uppercases letters and ignores characters that cannot be part of a code', () => {
    render(<ControlledCodeInput onComplete={vi.fn()} />);
    const all = boxes();
    const first = all[0];
    if (!first) throw new Error('missing box');
    typeInto(first, '-');
    expect(first.value).toBe('');
    typeInto(first, 'a');
    expect(first.value).toBe('A');
  });
});

import { describe, expect, it } from 'vitest';
import { LABEL_KINDS } from '../../schema/given-label';
import { COMMAND_KEYS, isTypingTarget, labelingAction, type KeyPress } from './keymap';
import { labelingShortcuts } from './shortcuts';
import { choicesOf, valueKeysOf } from './values';

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({
  key, ctrl: false, meta: false, alt: false, shift: false, typing: false, onControl: false, ...more,
});
const GRADES = valueKeysOf('relevance');
const VERDICT_KEYS = valueKeysOf('answer_review');

describe('labelingAction: one key, one meaning on every labeling screen', () => {
  it.each([
    ['z', 'undo'], ['s', 'skip'], ['Enter', 'submit'], ['j', 'next'], ['ArrowRight', 'next'], ['k', 'previous'], ['ArrowLeft', 'previous'],
    ['ArrowDown', 'down'], ['ArrowUp', 'up'], ['.', 'note'], ['i', 'intents'], ['?', 'help'], ['Escape', 'escape'],
  ])('%s → %s', (key, name) => {
    for (const keys of [GRADES, VERDICT_KEYS, valueKeysOf('intent')]) expect(labelingAction(press(key), keys)).toEqual({ name });
  });

  it('undo is z and Ctrl/⌘ Z everywhere; u is nothing (it was undo on two screens and "unsupported" on the third)', () => {
    expect(labelingAction(press('z', { ctrl: true }), VERDICT_KEYS)).toEqual({ name: 'undo' });
    expect(labelingAction(press('z', { meta: true }), GRADES)).toEqual({ name: 'undo' });
    expect(labelingAction(press('z', { ctrl: true, shift: true }), GRADES)).toBeNull();
    for (const kind of LABEL_KINDS) expect(labelingAction(press('u'), valueKeysOf(kind))).toBeNull();
  });

  it('value keys of the kind give values; others are left to the browser', () => {
    expect(labelingAction(press('2'), GRADES)).toEqual({ name: 'value', key: '2' });
    expect(labelingAction(press('4'), GRADES)).toBeNull();
    expect(labelingAction(press('4'), VERDICT_KEYS)).toEqual({ name: 'value', key: '4' });
    expect(labelingAction(press('y'), valueKeysOf('intent'))).toEqual({ name: 'value', key: 'y' });
    expect(labelingAction(press('y'), GRADES)).toBeNull();
  });

  it('Enter submits, and Ctrl/⌘ Enter too (also while typing); Enter on a button or link is left to it', () => {
    expect(labelingAction(press('Enter', { ctrl: true, typing: true }), GRADES)).toEqual({ name: 'submit' });
    expect(labelingAction(press('Enter', { meta: true }), GRADES)).toEqual({ name: 'submit' });
    expect(labelingAction(press('Enter', { onControl: true }), GRADES)).toBeNull();
    expect(labelingAction(press('Enter', { typing: true }), GRADES)).toBeNull();
  });

  it('while typing only Ctrl/⌘ Enter and Esc are shortcuts', () => {
    for (const key of ['1', 'z', 's', 'j', '.', '?', 'y']) expect(labelingAction(press(key, { typing: true }), valueKeysOf('intent'))).toBeNull();
    expect(labelingAction(press('z', { ctrl: true, typing: true }), GRADES)).toBeNull();
    expect(labelingAction(press('Escape', { typing: true }), GRADES)).toEqual({ name: 'escape' });
    expect(labelingAction(press('1', { alt: true }), GRADES)).toBeNull();
  });

  it('no value key of any kind is a command key', () => {
    for (const kind of LABEL_KINDS) for (const choice of choicesOf(kind)) expect(Object.hasOwn(COMMAND_KEYS, choice.key)).toBe(false);
  });
});

describe('isTypingTarget: the one answer to "is the user typing"', () => {
  it.each([
    [{ tagName: 'TEXTAREA' }, true], [{ tagName: 'INPUT', type: 'text' }, true], [{ tagName: 'INPUT', type: 'search' }, true],
    [{ tagName: 'INPUT' }, true], [{ tagName: 'SELECT' }, true], [{ tagName: 'DIV', isContentEditable: true }, true],
    [{ tagName: 'INPUT', type: 'checkbox' }, false], [{ tagName: 'INPUT', type: 'radio' }, false], [{ tagName: 'BUTTON' }, false],
    [{ tagName: 'DIV' }, false], [null, false],
  ])('%o → %s', (target, typing) => expect(isTypingTarget(target)).toBe(typing));
});

describe('the shortcuts list', () => {
  it('lists the same command keys on Annotate, Review and Agreement', () => {
    const commands = (kind: 'relevance' | 'answer_review', screen: 'annotate' | 'review' | 'agreement') =>
      labelingShortcuts(kind, screen).slice(1).filter((row) => !row.does.includes('asset') && !row.does.includes('item too')).map((row) => row.keys.join(' '));
    expect(commands('answer_review', 'review')).toEqual(commands('relevance', 'annotate'));
    expect(commands('answer_review', 'agreement')).toEqual(commands('answer_review', 'review'));
  });

  it('binds every key it lists', () => {
    for (const kind of LABEL_KINDS) {
      for (const row of labelingShortcuts(kind, 'annotate')) {
        for (const key of row.keys) {
          const [modifier, name] = key.includes(' ') ? key.split(' ') : [null, key];
          const real = { Esc: 'Escape', '↓': 'ArrowDown', '↑': 'ArrowUp', '→': 'ArrowRight', '←': 'ArrowLeft', Z: 'z' }[name] ?? name;
          expect(labelingAction(press(real, { ctrl: modifier === 'Ctrl', meta: modifier === '⌘' }), valueKeysOf(kind)), `${kind} ${key}`).not.toBeNull();
        }
      }
    }
  });
});

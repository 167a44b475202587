import { useEffect, useState, type RefObject } from 'react';

export interface Transform {
  x: number;
  y: number;
  k: number;
}

const MIN_SCALE = 0.04;
const MAX_SCALE = 3;
const CLICK_SLOP = 4;
/** Below this scale node text is too small to read. */
const READABLE_SCALE = 0.45;

type Apply = (transform: Transform) => void;
type Click = (point: { x: number; y: number }) => void;

/**
 * Pan (drag) and zoom (wheel, around the pointer) of a graph viewport, outside React: every
 * change goes straight to `apply` (an SVG transform, a canvas redraw), so moving a big graph
 * renders nothing. A press that moves less than a few pixels is a click, in graph coordinates.
 */
export class Viewport {
  transform: Transform = { x: 0, y: 0, k: 1 };
  private element: HTMLElement | null = null;
  private apply: Apply = () => {};
  private click: Click = () => {};

  setHandlers(apply: Apply, click: Click) {
    this.apply = apply;
    this.click = click;
  }

  set(next: Transform) {
    this.transform = { ...next, k: Math.min(MAX_SCALE, Math.max(MIN_SCALE, next.k)) };
    this.apply(this.transform);
  }

  /** Re-applies the current transform (after the scene was re-rendered). */
  refresh() {
    this.apply(this.transform);
  }

  zoomAt(factor: number, px: number, py: number) {
    const { x, y, k } = this.transform;
    const next = Math.min(MAX_SCALE, Math.max(MIN_SCALE, k * factor));
    this.set({ k: next, x: px - ((px - x) * next) / k, y: py - ((py - y) * next) / k });
  }

  zoomBy(factor: number) {
    if (this.element) this.zoomAt(factor, this.element.clientWidth / 2, this.element.clientHeight / 2);
  }

  fit(width: number, height: number) {
    if (!this.element || width <= 0 || height <= 0) return;
    const { clientWidth: vw, clientHeight: vh } = this.element;
    const k = Math.min((vw - 32) / width, (vh - 32) / height, 1);
    this.set({ k, x: (vw - width * k) / 2, y: Math.max(16, (vh - height * k) / 2) });
  }

  /**
   * The first view of a graph: all of it when that is readable, else its start (the earliest
   * part, top left) at a readable scale; Fit shows all.
   */
  start(width: number, height: number) {
    if (!this.element) return;
    const { clientWidth: vw, clientHeight: vh } = this.element;
    if (Math.min((vw - 32) / width, (vh - 32) / height) >= READABLE_SCALE) this.fit(width, height);
    else this.set({ k: 0.75, x: 16, y: 16 });
  }

  /** Brings a graph point into view, zooming in when the graph is too small to read. */
  reveal(gx: number, gy: number) {
    if (!this.element) return;
    const { x, y, k } = this.transform;
    const [sx, sy, margin] = [gx * k + x, gy * k + y, 60];
    const { clientWidth: vw, clientHeight: vh } = this.element;
    if (k >= READABLE_SCALE && sx > margin && sy > margin && sx < vw - margin && sy < vh - margin) return;
    const next = Math.max(k, 0.75);
    this.set({ k: next, x: vw / 2 - gx * next, y: vh / 2 - gy * next });
  }

  attach(element: HTMLElement): () => void {
    this.element = element;
    let press: { x: number; y: number; startX: number; startY: number; moved: boolean } | null = null;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = element.getBoundingClientRect();
      this.zoomAt(Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0015)), event.clientX - box.left, event.clientY - box.top);
    };
    const onDown = (event: PointerEvent) => {
      if (event.button === 0) press = { x: event.clientX, y: event.clientY, startX: this.transform.x, startY: this.transform.y, moved: false };
    };
    const onMove = (event: PointerEvent) => {
      if (!press) return;
      const [dx, dy] = [event.clientX - press.x, event.clientY - press.y];
      if (!press.moved && Math.hypot(dx, dy) < CLICK_SLOP) return;
      if (!press.moved) element.setPointerCapture(event.pointerId);
      press.moved = true;
      element.classList.add('panning');
      this.set({ ...this.transform, x: press.startX + dx, y: press.startY + dy });
    };
    const onUp = (event: PointerEvent) => {
      if (!press) return;
      element.classList.remove('panning');
      if (!press.moved) {
        const box = element.getBoundingClientRect();
        const { x, y, k } = this.transform;
        this.click({ x: (event.clientX - box.left - x) / k, y: (event.clientY - box.top - y) / k });
      }
      press = null;
    };
    const listeners: [string, EventListener, AddEventListenerOptions?][] = [
      ['wheel', onWheel as EventListener, { passive: false }], ['pointerdown', onDown as EventListener], ['pointermove', onMove as EventListener],
      ['pointerup', onUp as EventListener], ['pointercancel', onUp as EventListener],
    ];
    for (const [name, listener, options] of listeners) element.addEventListener(name, listener, options);
    return () => {
      for (const [name, listener] of listeners) element.removeEventListener(name, listener);
      this.element = null;
    };
  }
}

export function useViewport(container: RefObject<HTMLElement | null>, apply: Apply, onClick: Click): Viewport {
  const [viewport] = useState(() => new Viewport());
  useEffect(() => viewport.setHandlers(apply, onClick), [viewport, apply, onClick]);
  useEffect(() => (container.current ? viewport.attach(container.current) : undefined), [viewport, container]);
  return viewport;
}

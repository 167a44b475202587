import { useEffect, useState, type RefObject } from 'react';
import type { GraphLayout, PlacedNode, Point } from '../../model/lineage/layout';
import {
  anchorNode, fitTransform, placeView, revealTransform, scrollArea, toGraph, zoomAbout, zoomAnchor, type Size, type Transform,
} from './viewport-math';

export type { Transform } from './viewport-math';

const CLICK_SLOP = 4;

/** `screen`: graph → viewport pixels (canvas, hit tests); `content`: graph → scroll area pixels (the SVG, which scrolls natively). */
type Apply = (screen: Transform, content: Transform) => void;
type Listener = (screen: Transform) => void;
type Click = (point: Point) => void;

/**
 * The view of a graph in a real scroll area (scrollbars, arrow keys, focus and find scroll it):
 * a sizer as big as the graph at its scale, scrolled by drag and shift+wheel, zoomed by the wheel
 * and pinch about the pointer. Changes go straight to `apply` (an SVG transform, a canvas
 * redraw) and to listeners (the zoom readout), outside React. A press that moves less than a few
 * pixels is a click, in graph coordinates. The math is viewport-math.ts.
 */
export class Viewport {
  k = 1;
  graph: Size = { width: 0, height: 0 };
  /** The view is as Fit left it: a re-packed graph is fitted again. */
  fitted = false;
  private element: HTMLElement | null = null;
  private sizer: HTMLElement | null = null;
  private apply: Apply = () => {};
  private click: Click = () => {};
  private listeners = new Set<Listener>();

  setHandlers(apply: Apply, click: Click) {
    this.apply = apply;
    this.click = click;
  }

  /** Called with every new transform, now and on each change; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    listener(this.transform);
    return () => this.listeners.delete(listener);
  }

  view(): Size {
    return { width: this.element?.clientWidth ?? 0, height: this.element?.clientHeight ?? 0 };
  }

  get transform(): Transform {
    const { origin } = scrollArea(this.graph, this.view(), this.k);
    return { k: this.k, x: origin.x - (this.element?.scrollLeft ?? 0), y: origin.y - (this.element?.scrollTop ?? 0) };
  }

  set(wanted: Transform) {
    this.fitted = false;
    if (!this.element || !this.sizer) return;
    // sized twice: the new size may add or remove a scrollbar, which changes the view
    for (let pass = 0; pass < 2; pass++) {
      const { area } = placeView(wanted, this.graph, this.view());
      this.sizer.style.width = `${area.width}px`;
      this.sizer.style.height = `${area.height}px`;
    }
    const placed = placeView(wanted, this.graph, this.view());
    this.k = placed.transform.k;
    this.element.scrollLeft = placed.scroll.x;
    this.element.scrollTop = placed.scroll.y;
    this.refresh();
  }

  /** Re-applies the current view (after the scene was re-rendered, or scrolled). */
  refresh() {
    const screen = this.transform;
    const { origin } = scrollArea(this.graph, this.view(), this.k);
    this.apply(screen, { k: this.k, ...origin });
    for (const listener of this.listeners) listener(screen);
  }

  zoomAt(factor: number, at: Point) {
    this.set(zoomAbout(this.transform, factor, at));
  }

  /** Buttons and keys: about the selected node when it is in view, else the view's center. */
  zoomBy(factor: number, selected: PlacedNode | null) {
    this.zoomAt(factor, zoomAnchor(this.transform, this.view(), selected));
  }

  /** 100%: the scale the node text is designed at. */
  actualSize(selected: PlacedNode | null) {
    this.zoomBy(1 / this.k, selected);
  }

  /** The new graph's size; the view is set again by the caller. */
  setGraph(size: Size) {
    this.graph = size;
  }

  /** The whole graph, or its start at the smallest readable scale (viewport-math.ts `fitTransform`). */
  fit() {
    this.set(fitTransform(this.graph, this.view()));
    this.fitted = true;
  }

  reveal(box: PlacedNode) {
    const next = revealTransform(this.transform, this.view(), box);
    if (next) this.set(next);
  }

  /**
   * A new layout of the same graph (a fold opened, a re-pack to a new width): the node the user
   * is looking at (viewport-math.ts `anchorNode`) stays where it was on screen.
   */
  relayout(before: GraphLayout, after: GraphLayout, preferred: (string | null)[], transform: Transform) {
    const view = this.view();
    const anchor = anchorNode(before.nodes, after.nodes, preferred, toGraph(transform, { x: view.width / 2, y: view.height / 2 }));
    const [from, to] = anchor ? [before.nodes[anchor], after.nodes[anchor]] : [null, null];
    const { x, y, k } = transform;
    this.set(from && to ? { k, x: x + (from.x - to.x) * k, y: y + (from.y - to.y) * k } : transform);
  }

  attach(element: HTMLElement, sizer: HTMLElement): () => void {
    this.element = element;
    this.sizer = sizer;
    let press: { x: number; y: number; left: number; top: number; moved: boolean } | null = null;
    const onWheel = (event: WheelEvent) => {
      // shift+wheel and sideways swipes scroll, as anywhere else
      if (event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) return;
      event.preventDefault();
      const box = element.getBoundingClientRect();
      const line = event.deltaMode === 1 ? 16 : 1;
      this.zoomAt(Math.exp(-event.deltaY * line * 0.0015), { x: event.clientX - box.left - element.clientLeft, y: event.clientY - box.top - element.clientTop });
    };
    const onDown = (event: PointerEvent) => {
      const box = element.getBoundingClientRect();
      // a press on a scrollbar is the browser's
      if (event.button !== 0 || event.clientX - box.left - element.clientLeft > element.clientWidth || event.clientY - box.top - element.clientTop > element.clientHeight) return;
      press = { x: event.clientX, y: event.clientY, left: element.scrollLeft, top: element.scrollTop, moved: false };
    };
    const onMove = (event: PointerEvent) => {
      if (!press) return;
      const [dx, dy] = [event.clientX - press.x, event.clientY - press.y];
      if (!press.moved && Math.hypot(dx, dy) < CLICK_SLOP) return;
      if (!press.moved) element.setPointerCapture(event.pointerId);
      press.moved = true;
      element.classList.add('panning');
      element.scrollLeft = press.left - dx;
      element.scrollTop = press.top - dy;
    };
    const onUp = (event: PointerEvent) => {
      if (!press) return;
      element.classList.remove('panning');
      if (!press.moved) {
        const box = element.getBoundingClientRect();
        const at = { x: event.clientX - box.left - element.clientLeft, y: event.clientY - box.top - element.clientTop };
        this.click(toGraph(this.transform, at));
      }
      press = null;
    };
    const onScroll = () => this.refresh();
    const listeners: [string, EventListener, AddEventListenerOptions?][] = [
      ['wheel', onWheel as EventListener, { passive: false }], ['pointerdown', onDown as EventListener], ['pointermove', onMove as EventListener],
      ['pointerup', onUp as EventListener], ['pointercancel', onUp as EventListener], ['scroll', onScroll, { passive: true }],
    ];
    for (const [name, listener, options] of listeners) element.addEventListener(name, listener, options);
    return () => {
      for (const [name, listener] of listeners) element.removeEventListener(name, listener);
      this.element = null;
      this.sizer = null;
    };
  }
}

export function useViewport(container: RefObject<HTMLElement | null>, sizer: RefObject<HTMLElement | null>, apply: Apply, onClick: Click): Viewport {
  const [viewport] = useState(() => new Viewport());
  useEffect(() => viewport.setHandlers(apply, onClick), [viewport, apply, onClick]);
  useEffect(() => (container.current && sizer.current ? viewport.attach(container.current, sizer.current) : undefined), [viewport, container, sizer]);
  return viewport;
}

import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

/** How far from the viewport's edges the popover stays, in px. */
const EDGE = 8;

interface Place {
  left: number;
  top?: number;
  bottom?: number;
}

/** Below the mark, or above it when the viewport has no room below; never past the viewport's sides. */
function placeBeside(button: HTMLElement, popover: HTMLElement | null): Place {
  const mark = button.getBoundingClientRect();
  const width = popover?.offsetWidth ?? 0;
  const height = popover?.offsetHeight ?? 0;
  const left = Math.max(EDGE, Math.min(mark.left, window.innerWidth - width - EDGE));
  return mark.bottom + 6 + height > window.innerHeight - EDGE && mark.top - 6 - height > EDGE
    ? { left, bottom: window.innerHeight - mark.top + 6 }
    : { left, top: mark.bottom + 6 };
}

/**
 * A mark beside a governor's name (partial period, review, farm) whose words show on a tap, not only on a hover: a
 * phone has no hover, and a `title` never shows there (issue 41). The button keeps the words as its name (screen
 * readers) and its tooltip (a mouse); a click, a tap, Enter or Space opens them in a small popover drawn over the
 * page (a table's scrolling box would cut it), which a second press, a press elsewhere, Escape or a scroll closes.
 */
export function MarkButton({
  text,
  className,
  data,
  children,
}: {
  /** The mark's words, lines apart with \n. */
  text: string;
  className: string;
  /** The mark's data-* attributes (what the tests and the styles find it by). */
  data: Record<`data-${string}`, string | number>;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<Place | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLSpanElement>(null);
  const id = useId();

  useLayoutEffect(() => {
    if (!open || !buttonRef.current) return;
    // Drawn once hidden at the mark to be measured, then placed where it fits.
    setPlace(placeBeside(buttonRef.current, popoverRef.current));
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!buttonRef.current?.contains(target) && !popoverRef.current?.contains(target)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    // A popover placed for the mark's old position would point at another row.
    window.addEventListener('scroll', close, { capture: true, passive: true });
    window.addEventListener('resize', close);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', close, { capture: true });
      window.removeEventListener('resize', close);
    };
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={text}
        title={text}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={(event) => {
          // The row or card around the mark has its own clicks (the governor's page).
          event.stopPropagation();
          setPlace(null);
          setOpen((value) => !value);
        }}
        {...data}
        className={`relative after:absolute after:-inset-1 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-400 ${className}`}
      >
        {children}
      </button>
      {open &&
        createPortal(
          <span
            ref={popoverRef}
            id={id}
            role="tooltip"
            data-mark-popover=""
            style={place ?? { left: 0, top: 0, visibility: 'hidden' }}
            className="fixed z-50 w-max max-w-[min(20rem,calc(100vw-1rem))] rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-start text-xs leading-snug font-normal whitespace-pre-line text-slate-100 normal-case shadow-xl"
          >
            {text}
          </span>,
          document.body,
        )}
    </>
  );
}

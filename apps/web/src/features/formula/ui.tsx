import { type ReactNode, useEffect, useId, useState } from 'react';
import { inputClass } from '../../components/controls/styles.ts';
import { useWideScreen } from '../../components/layout/useWideScreen.ts';

/** True below SPEC §9's 768 px breakpoint (carousel, short labels, floating save button). */
export function useIsMobile(): boolean {
  return !useWideScreen();
}

/** Reads a number input: empty is null (save refuses it), anything unreadable too. */
export function readNumberInput(value: string): number | null {
  if (value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

interface NumberFieldProps {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  step?: number | string;
  min?: number;
  max?: number;
  unit?: ReactNode;
  disabled?: boolean;
  className?: string;
  hideLabel?: boolean;
  invalid?: boolean;
}

/** A labelled number input with an optional unit after it. */
export function NumberField({
  label,
  value,
  onChange,
  step = 'any',
  min,
  max,
  unit,
  disabled,
  className = '',
  hideLabel = false,
  invalid = false,
}: NumberFieldProps) {
  const id = useId();
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-xs font-medium text-slate-400'}>
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="number"
          inputMode="decimal"
          step={step}
          min={min}
          max={max}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          className={`${inputClass} w-full min-w-0 tabular-nums disabled:opacity-50 ${
            invalid ? 'border-red-500/70' : ''
          }`}
          value={value ?? ''}
          onChange={(event) => onChange(readNumberInput(event.target.value))}
        />
        {unit && <span className="shrink-0 text-xs text-slate-400">{unit}</span>}
      </div>
    </div>
  );
}

/** A red message inside a modal, read out when it appears. */
export function FieldError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="mt-3 rounded-lg border border-red-500/40 bg-red-950/40 px-3 py-2 text-sm text-red-200"
    >
      {message}
    </p>
  );
}

/** True when the page is scrolled to within `distance` px of its bottom (or is too short to scroll). */
export function useNearBottom(distance: number): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const update = () => {
      const bottom = window.scrollY + window.innerHeight;
      setNear(bottom >= document.documentElement.scrollHeight - distance);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      observer.disconnect();
    };
  }, [distance]);
  return near;
}

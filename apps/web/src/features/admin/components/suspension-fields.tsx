import { MAX_SUSPENSION_DAYS } from '@reloop/shared';
import { describedBy, Field } from '../../../components/form-field.tsx';
import { formatDateTime } from '../../../lib/format.ts';

/**
 * How long a suspension lasts and why, as the Suspend dialog (Users) and the bulk suspend (All
 * Buyers, All Sellers) ask it: 1 day, 1 week, 30 days or until a day chosen, and a reason.
 */
export type SuspensionPeriod = '1' | '7' | '30' | 'custom';

export interface SuspensionInput {
  period: SuspensionPeriod;
  /** The custom end, "2026-12-24" (the start of that day, in the admin's time zone). */
  date: string;
  reason: string;
}

export const NEW_SUSPENSION: SuspensionInput = { period: '7', date: '', reason: '' };

const PERIODS: [SuspensionPeriod, string][] = [
  ['1', '1 day'],
  ['7', '1 week'],
  ['30', '30 days'],
  ['custom', 'Until a date'],
];

const DAY_MS = 24 * 3600 * 1000;
const MAX_REASON = 500;

/** The end chosen, or null when the custom date is missing or not a day. */
function suspensionEnd(input: SuspensionInput, now: Date): Date | null {
  if (input.period !== 'custom') return new Date(now.getTime() + Number(input.period) * DAY_MS);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.date)) return null;
  const end = new Date(`${input.date}T00:00`);
  return Number.isNaN(end.getTime()) ? null : end;
}

/** "for 1 week", or "until Dec 24, 2026, 00:00", as the confirmation says it. */
export function periodWords(input: SuspensionInput, now: Date = new Date()): string {
  const named = PERIODS.find(([period]) => period === input.period && period !== 'custom');
  if (named) return `for ${named[1]}`;
  const end = suspensionEnd(input, now);
  return end ? `until ${formatDateTime(end.toISOString())}` : 'until the date chosen';
}

export type SuspensionErrors = Partial<Record<'date' | 'reason', string>>;

/** The body the API takes ({until, reason}), or what is wrong with what was typed. */
export function checkSuspension(
  input: SuspensionInput,
  now: Date = new Date(),
): { body: { until: string; reason: string } } | { errors: SuspensionErrors } {
  const errors: SuspensionErrors = {};
  const end = suspensionEnd(input, now);
  if (!end) errors.date = 'Choose the day it ends';
  else if (end.getTime() <= now.getTime()) errors.date = 'Choose a day after today';
  else if (end.getTime() > now.getTime() + MAX_SUSPENSION_DAYS * DAY_MS) {
    errors.date = `Choose a day within ${MAX_SUSPENSION_DAYS} days`;
  }
  const reason = input.reason.trim();
  if (!reason) errors.reason = 'is required';
  if (!end || errors.date || errors.reason) return { errors };
  return { body: { until: end.toISOString(), reason } };
}

const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export function SuspensionFields({
  id,
  value,
  errors,
  onChange,
}: {
  /** Prefix of the controls' ids, unique on the page. */
  id: string;
  value: SuspensionInput;
  errors: SuspensionErrors;
  onChange: (value: SuspensionInput) => void;
}) {
  const now = new Date();
  return (
    <div className="grid gap-1">
      <Field id={`${id}-period`} label="Suspend for">
        <select
          id={`${id}-period`}
          className="select select-bordered w-full"
          value={value.period}
          onChange={(event) =>
            onChange({ ...value, period: event.target.value as SuspensionPeriod })
          }
        >
          {PERIODS.map(([period, label]) => (
            <option key={period} value={period}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      {value.period === 'custom' && (
        <Field id={`${id}-until`} label="Until" error={errors.date}>
          <input
            type="date"
            className="input input-bordered w-full"
            min={dayOf(new Date(now.getTime() + DAY_MS))}
            max={dayOf(new Date(now.getTime() + MAX_SUSPENSION_DAYS * DAY_MS))}
            value={value.date}
            onChange={(event) => onChange({ ...value, date: event.target.value })}
            {...describedBy(`${id}-until`, errors.date)}
          />
        </Field>
      )}
      <Field id={`${id}-reason`} label="Reason" error={errors.reason}>
        <textarea
          className="textarea textarea-bordered w-full"
          rows={3}
          maxLength={MAX_REASON}
          value={value.reason}
          onChange={(event) => onChange({ ...value, reason: event.target.value })}
          {...describedBy(`${id}-reason`, errors.reason)}
        />
      </Field>
    </div>
  );
}

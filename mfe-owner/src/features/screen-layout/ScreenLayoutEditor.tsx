import { ApiError, type Screen } from '@cinema/api-client';
import { LAYOUT_LIMITS } from '@cinema/contract';
import { Button, FieldRow, failureMessage, plural, TextField } from '@cinema/ui';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { useUpdateScreen } from './api/updateScreen';
import { CategoriesEditor } from './CategoriesEditor';
import * as edit from './draft';
import { LayoutGrid } from './LayoutGrid';
import { LayoutProblems } from './LayoutProblems';
import { RowTools } from './RowTools';
import styles from './ScreenLayoutEditor.module.css';
import { ToolPalette } from './ToolPalette';

/** The hold-back of wheelchair spaces and companion seats, in hours (the API takes minutes). */
const MAX_HOURS = 168;

function holdBackMinutes(hours: string): number | null {
  const value = Number(hours.trim());
  if (hours.trim() === '' || !Number.isFinite(value) || value < 0 || value > MAX_HOURS) return null;
  return Math.round(value * 60);
}

/** After a save: what happened to the screen's upcoming shows. */
export function savedMessage(redrawn: number, kept: number): string {
  const redrawnText = `${plural(redrawn, 'upcoming show')} ${redrawn === 1 ? 'was' : 'were'} redrawn`;
  const keptText = `${plural(kept, 'show')} on sale kept ${kept === 1 ? 'its' : 'their'} seats`;
  return `Layout saved. ${redrawnText}; ${keptText}.`;
}

/**
 * The layout editor of one screen (docs/decisions/0045-screens-and-seat-layouts.md): name,
 * categories with prices, the hold-back of accessible seats, and the grid painted with a tool.
 * checkLayout runs on every change and its first complaint is shown above the Save button.
 */
export function ScreenLayoutEditor({ screen }: { screen: Screen }) {
  const [draft, setDraft] = useState(() => edit.fromLayout(screen.layout as edit.Layout));
  const [name, setName] = useState(screen.name);
  const [hours, setHours] = useState(String(screen.accessible_release_minutes / 60));
  const [tool, setTool] = useState<edit.Tool>('seat');
  const [category, setCategory] = useState(draft.categories[0]?.key ?? 0);
  const [active, setActive] = useState<edit.CellAt>({ row: 0, index: 0 });
  const [fieldErrors, setFieldErrors] = useState<{ name?: string; hours?: string }>({});
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  const updateScreen = useUpdateScreen(screen.id);

  const problem = useMemo(() => edit.layoutProblem(draft), [draft]);
  const seats = edit.sellableSeats(draft);

  /** Every change of the drawing: the saved note and the server's complaint are out of date. */
  function change(next: edit.Draft) {
    setDraft(next);
    setSaved(null);
    setServerProblem(null);
    // The focused cell may be gone (a row or cell removed): stay in the grid.
    setActive((at) => {
      const row = Math.min(at.row, next.rows.length - 1);
      const length = next.rows[row]?.cells.length ?? 1;
      return { row: Math.max(0, row), index: Math.max(0, Math.min(at.index, length - 1)) };
    });
    if (!next.categories.some((entry) => entry.key === category)) {
      setCategory(next.categories[0]?.key ?? 0);
    }
  }

  function focusCell(at: edit.CellAt) {
    setActive(at);
    document.querySelector<HTMLButtonElement>(`[data-cell="${at.row}:${at.index}"]`)?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(null);
    const errors: { name?: string; hours?: string } = {};
    const trimmed = name.trim();
    if (trimmed === '') errors.name = 'Screen name is required.';
    else if (trimmed.length > LAYOUT_LIMITS.screenName)
      errors.name = `Screen name must be at most ${LAYOUT_LIMITS.screenName} characters.`;
    const minutes = holdBackMinutes(hours);
    if (minutes === null) errors.hours = `Enter a number of hours from 0 to ${MAX_HOURS}.`;
    setFieldErrors(errors);
    if (problem || minutes === null || errors.name) {
      summary.current?.focus();
      return;
    }
    updateScreen.mutate(
      { name: trimmed, layout: edit.toLayout(draft), accessible_release_minutes: minutes },
      {
        onSuccess: (result) => {
          const message = savedMessage(result.redrawn_shows, result.kept_shows);
          setSaved(message);
          toast.success('Layout saved.');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'screen_name_taken') {
            setFieldErrors({ name: error.message });
          } else if (error instanceof ApiError && error.fields.name) {
            setFieldErrors({ name: error.fields.name });
          } else if (error instanceof ApiError && error.fields.layout) {
            setServerProblem(error.fields.layout);
          } else {
            setServerProblem(failureMessage(error, 'The layout could not be saved.'));
          }
          toast.error('The layout could not be saved.');
          summary.current?.focus();
        },
      },
    );
  }

  const invalid = problem !== null || serverProblem !== null || Object.keys(fieldErrors).length > 0;

  return (
    <form className={styles.editor} onSubmit={handleSubmit} noValidate aria-label="Screen layout">
      <FieldRow>
        <TextField
          label="Screen name"
          value={name}
          maxLength={LAYOUT_LIMITS.screenName}
          error={fieldErrors.name}
          onChange={(event) => {
            setName(event.target.value);
            setFieldErrors(({ name: _name, ...rest }) => rest);
          }}
        />
        <TextField
          label="Hold back wheelchair spaces (hours before the show)"
          hint="Wheelchair spaces and companion seats go on general sale this long before the show."
          value={hours}
          inputMode="decimal"
          error={fieldErrors.hours}
          onChange={(event) => {
            setHours(event.target.value);
            setFieldErrors(({ hours: _hours, ...rest }) => rest);
          }}
        />
      </FieldRow>
      <CategoriesEditor
        draft={draft}
        onChange={(key, values) => change(edit.changeCategory(draft, key, values))}
        onAdd={() => change(edit.addCategory(draft))}
        onRemove={(key) => change(edit.removeCategory(draft, key))}
      />
      <ToolPalette
        draft={draft}
        tool={tool}
        onToolChange={setTool}
        category={category}
        onCategoryChange={setCategory}
      />
      <LayoutGrid
        draft={draft}
        label={`Layout of ${screen.name}`}
        active={active}
        onActiveChange={setActive}
        onPaint={(at) => change(edit.paint(draft, at, tool, category))}
      />
      <RowTools
        draft={draft}
        rowIndex={active.row}
        onRename={(label) => change(edit.renameRow(draft, active.row, label))}
        onAddCell={() => change(edit.addCell(draft, active.row, category))}
        onRemoveCell={() => change(edit.removeCell(draft, active.row))}
        onRemoveRow={() => change(edit.removeRow(draft, active.row))}
        onAddRow={() => change(edit.addRow(draft))}
      />
      <LayoutProblems
        ref={summary}
        problem={problem}
        serverProblem={serverProblem}
        fieldErrors={fieldErrors}
        onGoToCell={focusCell}
      />
      <p className={styles.count} role="status">
        {saved ?? (invalid ? '' : `${plural(seats, 'seat')} for sale. Ready to save.`)}
      </p>
      <Button type="submit" busy={updateScreen.isPending} busyLabel="Saving...">
        Save layout
      </Button>
    </form>
  );
}

import { SelectField } from '@cinema/ui';
import type { Draft, Tool } from './draft';
import { TOOLS } from './draft';
import styles from './ScreenLayoutEditor.module.css';

export interface ToolPaletteProps {
  draft: Draft;
  tool: Tool;
  onToolChange: (tool: Tool) => void;
  category: number;
  onCategoryChange: (key: number) => void;
}

/** What a click on a cell paints: a tool (radio buttons, arrow keys between them) and a category. */
export function ToolPalette({
  draft,
  tool,
  onToolChange,
  category,
  onCategoryChange,
}: ToolPaletteProps) {
  return (
    <div className={styles.palette}>
      <fieldset className={styles.tools}>
        <legend>Tool</legend>
        {TOOLS.map((entry) => (
          <label key={entry.tool} className={styles.tool}>
            <input
              type="radio"
              name="layout-tool"
              value={entry.tool}
              checked={tool === entry.tool}
              onChange={() => onToolChange(entry.tool)}
            />
            <span className={styles.toolFace} data-kind={entry.tool} aria-hidden="true">
              {entry.face}
            </span>
            {entry.label}
          </label>
        ))}
      </fieldset>
      <SelectField
        label="Category"
        hint={tool === 'gap' ? 'A gap has no category.' : 'Seats you paint get this category.'}
        value={category}
        disabled={tool === 'gap'}
        onChange={(event) => onCategoryChange(Number(event.target.value))}
        options={draft.categories.map((entry) => ({
          value: entry.key,
          label: entry.name || '(no name)',
        }))}
      />
    </div>
  );
}

import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { choosableColumns, isColumnShown, type ColumnChoice } from './columns';
import type { ColumnDef } from './types';

/** 'Cột': the list's columns with a tick each; a change applies at once and is remembered. */
export default function ColumnsMenu<R>({
  listId,
  columns,
  choice,
  onChange,
}: {
  listId: string;
  columns: ColumnDef<R>[];
  choice: ColumnChoice;
  onChange: (c: ColumnChoice) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choosable = choosableColumns(columns);
  if (choosable.length < 2) return null;
  const shown = choosable.filter((c) => isColumnShown(c, choice)).length;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ViewColumnIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid={`${listId}-columns`}
      >
        Cột ({shown}/{choosable.length})
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { maxHeight: 420 } } }}>
        {choosable.map((c) => {
          const on = isColumnShown(c, choice);
          return (
            <MenuItem
              key={c.field}
              dense
              onClick={() => onChange({ ...choice, [c.field]: !on })}
              data-testid={`${listId}-column-${c.field}`}
            >
              <Checkbox size="small" checked={on} sx={{ p: 0.5, mr: 1 }} slotProps={{ input: { 'aria-label': c.headerName } }} />
              <ListItemText primary={c.headerName} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}

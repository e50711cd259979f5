import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PermissionRef } from '../api/auth';
import { groupByCategory } from './refdata';
import { testIdProps } from './testId';

/** Permission checkboxes grouped by category (roles dialog, per-user permission editor). */
export default function PermissionChecklist({
  permissions,
  selected,
  onChange,
  testIdPrefix = 'perm',
}: {
  permissions: PermissionRef[];
  selected: Set<string>;
  onChange: (next: Set<string>) => void;
  testIdPrefix?: string;
}) {
  const groups = groupByCategory(permissions);
  const toggle = (ids: string[], on: boolean) => {
    const next = new Set(selected);
    ids.forEach((id) => (on ? next.add(id) : next.delete(id)));
    onChange(next);
  };
  if (permissions.length === 0) return <Typography color="text.secondary">Không có quyền nào</Typography>;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1.5 }}>
      {groups.map(([category, perms]) => {
        const ids = perms.map((p) => p.id);
        const n = ids.filter((id) => selected.has(id)).length;
        return (
          <Paper key={category} variant="outlined" sx={{ p: 1 }} data-testid={`${testIdPrefix}-category-${category}`}>
            <FormControlLabel
              label={<Typography sx={{ fontWeight: 600 }}>{category}</Typography>}
              control={
                <Checkbox
                  size="small"
                  checked={n === ids.length}
                  indeterminate={n > 0 && n < ids.length}
                  onChange={(e) => toggle(ids, e.target.checked)}
                />
              }
            />
            <Box sx={{ pl: 3, display: 'flex', flexDirection: 'column' }}>
              {perms.map((p) => (
                <FormControlLabel
                  key={p.id}
                  label={
                    <span>
                      {p.name || p.code}{' '}
                      <Typography component="span" variant="caption" color="text.secondary">
                        ({p.code})
                      </Typography>
                    </span>
                  }
                  control={
                    <Checkbox
                      size="small"
                      checked={selected.has(p.id)}
                      onChange={(e) => toggle([p.id], e.target.checked)}
                      slotProps={{ input: testIdProps(`${testIdPrefix}-${p.code}`) }}
                    />
                  }
                />
              ))}
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}

import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';
import BlockIcon from '@mui/icons-material/Block';

export const UNDER_CONSTRUCTION_TEXT = 'Chức năng đang được xây dựng';

export function UnderConstruction({ title }: { title?: string }) {
  return (
    <Paper data-testid="under-construction" sx={{ p: 4, textAlign: 'center' }} variant="outlined">
      <ConstructionIcon color="warning" sx={{ fontSize: 48 }} />
      {title && (
        <Typography variant="h6" sx={{ mt: 1 }}>
          {title}
        </Typography>
      )}
      <Typography sx={{ mt: 1 }} color="text.secondary">
        {UNDER_CONSTRUCTION_TEXT}
      </Typography>
    </Paper>
  );
}

export function NoAccess() {
  return (
    <Paper data-testid="no-access" sx={{ p: 4, textAlign: 'center' }} variant="outlined">
      <BlockIcon color="error" sx={{ fontSize: 48 }} />
      <Typography sx={{ mt: 1 }} color="text.secondary">
        Bạn không có quyền truy cập chức năng này
      </Typography>
    </Paper>
  );
}

export function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress size={32} aria-label="Đang tải" />
    </Box>
  );
}

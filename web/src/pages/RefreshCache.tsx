import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { sessionRefresh } from '../store/auth';
import { clearTabs } from '../store/tabs';
import { useAppDispatch } from '../store/hooks';

/** /refresh-cache: drop cached UI state (tabs, menu state), reload the session from the server, go home. */
export default function RefreshCache() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    dispatch(clearTabs());
    try {
      localStorage.removeItem('isMenuOpen');
    } catch {
      /* ignore */
    }
    dispatch(sessionRefresh());
    navigate('/', { replace: true });
  }, [dispatch, navigate]);
  return (
    <Box sx={{ p: 4 }}>
      <Typography>Đang làm mới dữ liệu...</Typography>
    </Box>
  );
}

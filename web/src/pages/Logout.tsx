import { useEffect } from 'react';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { logoutRequest } from '../store/auth';
import { useAppDispatch } from '../store/hooks';

/** /logout: POST /api/v1/auth/logout, clear all local state, return to the root. */
export default function Logout() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(logoutRequest());
  }, [dispatch]);
  return (
    <Box sx={{ p: 4 }}>
      <Typography>Đang đăng xuất...</Typography>
    </Box>
  );
}

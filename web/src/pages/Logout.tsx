import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { logoutRequest } from '../store/auth';

/** /logout: POST /api/v1/auth/logout, clear all local state, return to the root. */
export default function Logout() {
  const dispatch = useDispatch();
  useEffect(() => {
    dispatch(logoutRequest());
  }, [dispatch]);
  return (
    <Box sx={{ p: 4 }}>
      <Typography>Đang đăng xuất...</Typography>
    </Box>
  );
}

import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/** Template page (spec 1 §2.1): the submit only goes to the dashboard. */
export default function Register() {
  const navigate = useNavigate();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100' }}>
      <Paper
        component="form"
        sx={{ p: 4, width: 380 }}
        onSubmit={(e) => {
          e.preventDefault();
          navigate('/app/dashboard');
        }}
      >
        <Typography variant="h5" sx={{ mb: 2 }}>
          Đăng ký
        </Typography>
        <TextField label="Họ tên" fullWidth margin="normal" />
        <TextField label="Email" fullWidth margin="normal" />
        <TextField label="Mật khẩu" type="password" fullWidth margin="normal" />
        <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }}>
          Đăng ký
        </Button>
      </Paper>
    </Box>
  );
}

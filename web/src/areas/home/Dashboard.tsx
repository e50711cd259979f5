import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useSession } from '../../common/session';
import { today } from '../../common/format';
import { useMenuAccess } from '../../common/menuAccess';
import { MENU_ICONS } from '../../common/icons';
import { HOME_PATH } from './paths';
import { addTab } from '../../store/tabs';
import { useAppDispatch } from '../../store/hooks';

/** Home/Dashboard tab: a welcome card and shortcuts to the screens the user may open (no figures). */
export default function Dashboard() {
  const session = useSession();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { visibleEntries } = useMenuAccess();
  const user = session.user;
  const shortcuts = visibleEntries(session).filter((m) => m.path !== HOME_PATH);
  return (
    <Box data-testid="dashboard">
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h5" gutterBottom>
            Xin chào, {user?.fullname || user?.full_name || user?.username}
          </Typography>
          <Typography color="text.secondary">
            {session.role?.name ? `Vai trò: ${session.role.name}` : ''}
            {session.role?.name ? ' · ' : ''}Hôm nay: {today('DD-MM-YYYY')}
          </Typography>
          <Typography sx={{ mt: 1 }}>Chào mừng đến với Hệ thống CSKH. Chọn một chức năng trong menu để bắt đầu.</Typography>
        </CardContent>
      </Card>
      {shortcuts.length > 0 && (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 1.5 }}>
          {shortcuts.map((m) => {
            const Icon = MENU_ICONS[m.icon];
            return (
              <Card key={m.path} variant="outlined">
                <CardActionArea
                  onClick={() => {
                    dispatch(addTab(m.path));
                    navigate(m.path);
                  }}
                  sx={{ p: 2, display: 'flex', justifyContent: 'flex-start', gap: 1.5 }}
                >
                  <Icon color="primary" />
                  <Typography>{m.title}</Typography>
                </CardActionArea>
              </Card>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

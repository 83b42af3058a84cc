import { memo, startTransition, useCallback, useEffect, useMemo, useState, type MouseEvent } from 'react';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import DevicesIcon from '@mui/icons-material/Devices';
import InventoryIcon from '@mui/icons-material/Inventory2';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { APP_VERSION } from '@tagstock/contract';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { disconnect } from '../app/auth-slice';
import { useSignOutEverywhereMutation } from '../features/auth/api';
import { useSessionRefresh } from '../features/auth/use-session-refresh';
import { ConfirmDialog } from './ConfirmDialog';
import { ExitAlarms } from '../features/rfid/ExitAlarms';
import { buildNavSections, type NavItem } from './nav';

const DRAWER_WIDTH = 248;

type AppShellProps = {
  /** Area root, e.g. /admin; profile and password pages live under it. */
  basePath: string;
  nav: readonly NavItem[];
  badge?: string;
};

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

const NAV_BUTTON_SX = {
  mx: 1,
  borderRadius: 1,
  '&.active': {
    bgcolor: 'primary.main',
    color: 'primary.contrastText',
    '& .MuiListItemIcon-root': { color: 'inherit' },
  },
  '&.active:hover': { bgcolor: 'primary.dark' },
} as const;

/**
 * The side navigation's entries, by group. Memoized: the shell re-renders (session refresh, account menu, dialogs)
 * leave its dozens of buttons alone; each link follows the address by itself.
 */
const NavEntries = memo(function NavEntries({ nav, onNavigate }: { nav: readonly NavItem[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  const permissions = useAppSelector((s) => s.authentification.userPermissions);
  const sections = useMemo(() => buildNavSections(nav, permissions), [nav, permissions]);
  return sections.map((section) => (
    <List
      key={section.group ?? 'top'}
      dense
      subheader={
        section.group ? (
          <ListSubheader
            disableSticky
            sx={{
              bgcolor: 'transparent',
              lineHeight: '32px',
              textTransform: 'uppercase',
              fontSize: 11,
              letterSpacing: 0.8,
            }}
          >
            {t(`nav.groups.${section.group}`)}
          </ListSubheader>
        ) : undefined
      }
    >
      {section.items.map((item) => {
        const Icon = item.icon;
        return (
          // A list holds list items only: the link sits inside one (axe `list`).
          <ListItem key={item.path} disablePadding>
            <ListItemButton component={NavLink} to={item.path} end={item.end} onClick={onNavigate} sx={NAV_BUTTON_SX}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <Icon />
              </ListItemIcon>
              <ListItemText primary={t(item.labelKey)} />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  ));
});

/** The session refresh, in a component of its own: its request starting and ending re-render nothing else. */
const SessionRefresh = () => {
  useSessionRefresh();
  return null;
};

/** Layout of a signed-in area: app bar with the user menu, side navigation, page outlet. */
export const AppShell = ({ basePath, nav, badge }: AppShellProps) => {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const [mobileOpen, setMobileOpen] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const user = useAppSelector((s) => s.authentification.loggedInUser);
  const userInitials = initials(user?.name ?? '?');
  const [signOutEverywhere, { isLoading: signingOutAll }] = useSignOutEverywhereMutation();
  const [confirmSignOutAll, setConfirmSignOutAll] = useState(false);
  // The menu's entries render once the shell and its page are on screen, in a render of low priority: the page's
  // data arriving meanwhile goes first. (Not useDeferredValue: the shell mounts in a Suspense retry, which the
  // deferred render's transition would interrupt and restart again and again.)
  const [menuReady, setMenuReady] = useState(false);
  useEffect(() => startTransition(() => setMenuReady(true)), []);
  const closeMobile = useCallback(() => setMobileOpen(false), []);

  const closeMenu = () => setMenuAnchor(null);
  const go = (path: string) => {
    closeMenu();
    void navigate(path);
  };
  const signOut = () => {
    closeMenu();
    dispatch(disconnect());
    void navigate('/auth/sign-in', { replace: true });
  };
  const signOutAll = async () => {
    try {
      await signOutEverywhere().unwrap();
      toast.success(t('auth.signedOutEverywhere'));
    } catch {
      toast.error(t('errors.generic'));
      setConfirmSignOutAll(false);
      return;
    }
    setConfirmSignOutAll(false);
    dispatch(disconnect());
    void navigate('/auth/sign-in', { replace: true });
  };

  const drawer = (
    <Box component="nav" aria-label={t('messagesUi.mainNavigation')} sx={{ overflowY: 'auto' }}>
      <Toolbar />
      {/* The page comes first: the entries render just after it (their dozens of buttons and icons cost more than
          the page's first render), as soon as the browser is free. */}
      {menuReady && <NavEntries nav={nav} onNavigate={closeMobile} />}
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SessionRefresh />
      {/* First stop of the keyboard: past the app bar and the menu, straight to the page. */}
      <Box
        component="a"
        href="#main-content"
        onClick={(e: MouseEvent<HTMLElement>) => {
          e.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
        sx={{
          position: 'fixed',
          left: 8,
          top: -64,
          zIndex: (th) => th.zIndex.tooltip + 1,
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'primary.main',
          fontWeight: 600,
          textDecoration: 'none',
          '&:focus': { top: 8 },
        }}
      >
        {t('a11y.skipToContent')}
      </Box>
      <AppBar position="fixed" elevation={0} sx={{ zIndex: (th) => th.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1.5 }}>
          {!desktop && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t('actions.openMenu')}
              onClick={() => setMobileOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          )}
          <InventoryIcon />
          <Typography variant="h6" component="div" noWrap>
            {t('app.name')}
          </Typography>
          {badge && <Chip size="small" color="secondary" label={badge} sx={{ height: 22 }} />}
          <Box sx={{ flex: 1 }} />
          {user && (
            <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' }, opacity: 0.9 }}>
              {user.tenantName}
            </Typography>
          )}
          <IconButton
            color="inherit"
            // The name holds the initials the button shows (WCAG 2.5.3, label in name).
            aria-label={t('actions.accountMenu', { initials: userInitials })}
            aria-haspopup="menu"
            onClick={(e: MouseEvent<HTMLElement>) => setMenuAnchor(e.currentTarget)}
          >
            <Avatar sx={{ width: 32, height: 32, bgcolor: 'secondary.main', fontSize: 14 }}>{userInitials}</Avatar>
          </IconButton>
          <Menu
            anchorEl={menuAnchor}
            open={Boolean(menuAnchor)}
            onClose={closeMenu}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          >
            {user && (
              <Box sx={{ px: 2, py: 1 }}>
                <Typography variant="subtitle2">{user.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {user.email}
                </Typography>
              </Box>
            )}
            <Divider />
            <MenuItem onClick={() => go(`${basePath}/profile`)}>
              <ListItemIcon>
                <PersonOutlineIcon fontSize="small" />
              </ListItemIcon>
              {t('auth.editProfile')}
            </MenuItem>
            <MenuItem onClick={() => go(`${basePath}/password`)}>
              <ListItemIcon>
                <LockResetIcon fontSize="small" />
              </ListItemIcon>
              {t('auth.changePassword')}
            </MenuItem>
            <Divider />
            <MenuItem
              onClick={() => {
                closeMenu();
                setConfirmSignOutAll(true);
              }}
            >
              <ListItemIcon>
                <DevicesIcon fontSize="small" />
              </ListItemIcon>
              {t('auth.signOutEverywhere')}
            </MenuItem>
            <MenuItem onClick={signOut}>
              <ListItemIcon>
                <LogoutIcon fontSize="small" />
              </ListItemIcon>
              {t('auth.signOut')}
            </MenuItem>
            <Divider />
            {/* Support asks for it; the app bar has better uses for the room. */}
            <Typography
              variant="caption"
              color="text.secondary"
              component="p"
              data-testid="app-version"
              sx={{ px: 2, pt: 0.5 }}
            >
              {t('app.version', { version: APP_VERSION })}
            </Typography>
          </Menu>
        </Toolbar>
      </AppBar>
      <Drawer
        variant={desktop ? 'permanent' : 'temporary'}
        open={desktop || mobileOpen}
        onClose={() => setMobileOpen(false)}
        sx={{
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box', borderRight: '1px solid #e2e6ec' },
        }}
      >
        {drawer}
      </Drawer>
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 4 }, '&:focus': { outline: 'none' } }}
      >
        <Toolbar />
        <ExitAlarms />
        <Outlet />
      </Box>
      <ConfirmDialog
        open={confirmSignOutAll}
        title={t('safeActions.signOutEverywhereTitle')}
        message={t('safeActions.signOutEverywhereText')}
        confirmLabel={t('auth.signOutEverywhere')}
        busy={signingOutAll}
        onConfirm={() => void signOutAll()}
        onClose={() => setConfirmSignOutAll(false)}
      />
    </Box>
  );
};

import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from '.';

/** useSelector and useDispatch typed with this store's state and actions. */
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();

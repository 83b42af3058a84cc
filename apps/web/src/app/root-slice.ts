import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type RootState = { isLoading: boolean; rootRef: string | null };

const initialState: RootState = { isLoading: false, rootRef: null };

export const rootSlice = createSlice({
  name: 'root',
  initialState,
  reducers: {
    setLoading: (state, action: PayloadAction<boolean>) => {
      state.isLoading = action.payload;
    },
    setRootRef: (state, action: PayloadAction<string | null>) => {
      state.rootRef = action.payload;
    },
  },
});

export const { setLoading, setRootRef } = rootSlice.actions;

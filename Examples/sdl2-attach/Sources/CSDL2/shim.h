// SDL2 for Swift: the library, and SDL_syswm.h for the window's X11 handles
// (SDL_GetWindowWMInfo). Included by their SDL2/ path, so no pkg-config is needed: sdl2's
// cflags carry -D_REENTRANT, a flag SwiftPM refuses (with a warning at every build).
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>

// SDL2 and SDL_syswm.h, whose SDL_SysWMinfo gives the X11 Display and Window of an SDL window
// (Debian's SDL_config.h defines SDL_VIDEO_DRIVER_X11, so the X11 member is there).
#include <SDL.h>
#include <SDL_syswm.h>

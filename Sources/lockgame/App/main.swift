import Foundation

exit(LockgameApp.run(arguments: Array(CommandLine.arguments.dropFirst())))

#include <iostream>

int main() {
    std::cout << "Hello from Sphere Engine Containers" << std::endl;
    return 0;
}
